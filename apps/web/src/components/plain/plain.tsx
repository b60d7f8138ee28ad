import {
  type ButtonHTMLAttributes,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import s from './plain.module.css';

/**
 * The few components the public pages are made of (docs/architecture.md, "The public pages"), in
 * plain HTML and one CSS module: a survey page on a phone loads no component library. The console's
 * survey preview renders the same ones, so the owner sees what the participant will.
 */

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** The frame the plain components' look applies in (fonts, colours, box sizing). */
export const PlainRoot = ({ className, ...props }: ComponentPropsWithoutRef<'div'>) => (
  <div className={cx(s.root, className)} {...props} />
);

type Gap = number | string;
const gapStyle = (gap: Gap | undefined, style?: CSSProperties): CSSProperties | undefined =>
  gap === undefined ? style : { gap: typeof gap === 'number' ? `${gap}px` : gap, ...style };

type StackProps = ComponentPropsWithoutRef<'div'> & { gap?: Gap; center?: boolean };
/** Children in a column (`center`: centred, text too). */
export const Stack = ({ gap, center, className, style, ...props }: StackProps) => (
  <div className={cx(s.stack, center && s.center, className)} style={gapStyle(gap, style)} {...props} />
);

/** Children in a wrapping row; `spread`: the first at the start, the rest at the end. */
export const Row = ({
  gap,
  spread,
  className,
  style,
  ...props
}: ComponentPropsWithoutRef<'div'> & { gap?: Gap; spread?: boolean }) => (
  <div className={cx(spread ? s.spread : s.row, className)} style={gapStyle(gap, style)} {...props} />
);

type TitleProps = ComponentPropsWithoutRef<'h1'> & { order: 1 | 2 | 3; size: 'h2' | 'h3' | 'h4' | 'h5' };
/** A heading of the document's outline (`order`) drawn at a size of its own. */
export const Title = forwardRef<HTMLHeadingElement, TitleProps>(
  ({ order, size, className, ...props }, ref) => {
    const Tag = `h${order}` as const;
    return <Tag ref={ref} className={cx(s.title, s[size], className)} {...props} />;
  },
);
Title.displayName = 'Title';

type TextProps = ComponentPropsWithoutRef<'p'> & { dimmed?: boolean; small?: boolean; preWrap?: boolean };
export const Text = ({ dimmed, small, preWrap, className, ...props }: TextProps) => (
  <p
    className={cx(dimmed ? s.dimmed : s.text, small && s.small, preWrap && s.preWrap, className)}
    {...props}
  />
);

export const Link = ({ className, ...props }: ComponentPropsWithoutRef<'a'>) => (
  <a className={cx(s.link, className)} {...props} />
);

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'filled' | 'default' | 'subtle' | 'light';
  compact?: boolean;
  /** Shows a spinner next to the label and refuses clicks; the label stays, so its name does too. */
  loading?: boolean;
  icon?: ReactNode;
};
export const Button = ({
  variant = 'filled',
  compact,
  loading,
  icon,
  children,
  className,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) => (
  <button
    type={type}
    className={cx(s.button, className)}
    data-variant={variant}
    data-size={compact ? 'compact' : undefined}
    disabled={disabled || loading}
    aria-busy={loading || undefined}
    {...props}
  >
    {loading ? <span className={cx(s.loader, s.buttonLoader)} aria-hidden="true" /> : icon}
    {children}
  </button>
);

/** A button showing an icon only: `aria-label` names it. */
export const IconButton = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { 'aria-label': string }
>(({ className, ...props }, ref) => (
  <button ref={ref} type="button" className={cx(s.iconButton, className)} {...props} />
));
IconButton.displayName = 'IconButton';

type FieldFrame = {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
};

/**
 * A field's frame (label, description, error) and the props that tie its control to them for screen
 * readers: the control's id, `aria-invalid`, and `aria-describedby` naming the description and error shown.
 */
const useField = <P extends FieldFrame & { id?: string | undefined; className?: string | undefined }>({
  label,
  description,
  error,
  id,
  className,
  ...rest
}: P) => {
  const own = useId();
  const inputId = id ?? own;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ');
  const frame = (control: ReactNode, required: boolean | undefined) => (
    <div className={s.field}>
      {label ? (
        <label htmlFor={inputId} className={s.label}>
          {label}
          {required ? (
            <span className={s.required} aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </label>
      ) : null}
      {control}
      {description ? (
        <div id={descriptionId} className={s.description}>
          {description}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className={s.error}>
          {error}
        </div>
      ) : null}
    </div>
  );
  const control = {
    id: inputId,
    className: cx(s.input, className),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return { frame, control, rest };
};

/** A labelled text input with its description and error. */
export const TextField = (props: Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & FieldFrame) => {
  const { frame, control, rest } = useField(props);
  return frame(<input {...control} {...rest} />, rest.required);
};

/** A text area framed as TextField; it grows with its text (within limits) where the browser can. */
export const TextArea = (props: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldFrame) => {
  const { frame, control, rest } = useField(props);
  return frame(<textarea rows={4} {...control} {...rest} />, rest.required);
};

/** A radio button or checkbox with its label; the whole row takes the click. */
export const Choice = ({
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type: 'radio' | 'checkbox';
  label: ReactNode;
}) => (
  <label className={s.choice}>
    <input {...input} />
    <span>{label}</span>
  </label>
);

/** A note in a coloured box; `role` only where it must be announced. */
export const Alert = ({
  tone = 'blue',
  className,
  ...props
}: ComponentPropsWithoutRef<'div'> & { tone?: 'blue' | 'teal' | 'red' }) => (
  <div className={cx(s.alert, className)} data-tone={tone} {...props} />
);

export const Paper = ({ className, ...props }: ComponentPropsWithoutRef<'div'>) => (
  <div className={cx(s.paper, className)} {...props} />
);

export const Badge = ({ children }: { children: ReactNode }) => <span className={s.badge}>{children}</span>;

/** The props of a progress bar that says its value in words ("Question 2 of 5"), not a bare percentage. */
export const progressbarProps = (value: number, label: string, valueText: string) =>
  ({
    role: 'progressbar',
    'aria-label': label,
    'aria-valuemin': 0,
    'aria-valuemax': 100,
    'aria-valuenow': Math.round(value),
    'aria-valuetext': valueText,
  }) as const;

export const Progress = ({
  value,
  label,
  valueText,
}: {
  value: number;
  label: string;
  valueText: string;
}) => (
  <div className={s.progress}>
    <div
      className={s.progressBar}
      style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
      {...progressbarProps(value, label, valueText)}
    />
  </div>
);

export const Loader = () => <span className={s.loader} aria-hidden="true" />;

/**
 * An uploaded image at most at its natural size and at most `maxHeight` tall: a 200 px logo stays
 * 200 px on a 360 px phone rather than blown up, a large one shrinks to fit.
 */
export const Image = ({
  maxHeight,
  className,
  style,
  alt,
  ...props
}: ComponentPropsWithoutRef<'img'> & { maxHeight: number; alt: string }) => (
  <img className={cx(s.image, className)} style={{ maxHeight, ...style }} alt={alt} {...props} />
);

export const VisuallyHidden = ({ className, ...props }: ComponentPropsWithoutRef<'span'>) => (
  <span className={cx(s.visuallyHidden, className)} {...props} />
);

/** Class names of the module for the few shapes that are not components (fieldsets, lists, grids). */
export const plainClasses = {
  /** A button's look for what is not a <button> (a file picker's label); `data-variant` as Button's. */
  button: s.button,
  fieldset: s.fieldset,
  legend: s.legend,
  list: s.list,
  plainList: s.plainList,
  paper: s.paper,
  twoColumns: s.twoColumns,
  focusable: s.focusable,
  select: s.select,
};
