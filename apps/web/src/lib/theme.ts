import {
  type BadgeFactory,
  type ComboboxEmptyProps,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type DrawerFactory,
  darken,
  type ExtendComponent,
  type Factory,
  type FactoryPayload,
  luminance,
  type MantineColorsTuple,
  type ModalFactory,
  type NotificationFactory,
  type SegmentedControlFactory,
  type TooltipFactory,
} from '@mantine/core';

/**
 * What `Component.extend` does (it returns its argument: Mantine's factory), typed the same, without
 * importing the component: the theme is part of the first screen, and the Tooltip, Drawer or Modal it
 * configures (with floating-ui, focus traps, scroll locks) are not.
 */
const extend = <Payload extends FactoryPayload>(input: ExtendComponent<Payload>) => input;

/** WCAG AA for normal text. */
export const minimumContrast = 4.5;

/** WCAG's contrast ratio of two colours (any CSS colour Mantine can parse). */
export const contrastRatio = (a: string, b: string) => {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/**
 * The first of a colour's shades from `from` on that reads at AA on `background`, darkened
 * further when even the darkest shade does not (yellow, lime, orange, green).
 */
const readableShade = (shades: MantineColorsTuple, background: string, from: number) => {
  const readable = shades.slice(from).find((shade) => contrastRatio(shade, background) >= minimumContrast);
  if (readable) return readable;
  let color: string = shades[9];
  while (contrastRatio(color, background) < minimumContrast) color = darken(color, 0.05);
  return color;
};

// The lightest background text sits on besides the page: striped and hovered table rows.
const rowBackground = DEFAULT_THEME.colors.gray[0];

/**
 * Mantine's light scheme writes dimmed text in gray 6 (3.3:1 on white) and coloured text in
 * shade 6 to 9 of palettes that do not all reach 4.5:1 (yellow 9 on yellow 1 is 2.7:1). These
 * light-scheme variables are set to colours that read at AA (see docs/product-decisions.md,
 * colour contrast); dark mode is not offered, so its variables stay Mantine's.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    // Gray 6 and 7 lie either side of AA; this one reads at 5.1:1 even on gray 2.
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': readableShade(DEFAULT_THEME.colors.red, rowBackground, 8),
  };
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors) as [string, MantineColorsTuple][]) {
    const onPage = readableShade(shades, rowBackground, 8);
    light[`--mantine-color-${name}-text`] = onPage;
    light[`--mantine-color-${name}-outline`] = onPage;
    // A light badge, button or alert: text on shade 1 (shade 2 on hover).
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, shades[2], 9);
  }
  return { variables: {}, light, dark: {} };
};

/**
 * The console's Mantine theme. Close buttons (dialogs, drawers, notifications) render an icon
 * only, so the theme gives them an accessible name in the current language.
 */
export const createAppTheme = (labels: { close: string }) => {
  const closeButtonProps = { 'aria-label': labels.close };
  return createTheme({
    primaryColor: 'blue',
    // Filled buttons and badges, links and outlines use shade 8: blue 6 (Mantine's default) is
    // 3.6:1 with white text, blue 8 5.0:1.
    primaryShade: { light: 8, dark: 8 },
    // Black text on the light filled shades (yellow, lime, green…), white on the dark ones.
    // The switch sits where white and black text read equally well (luminance 0.18), nudged so
    // red 8 (0.182) keeps white text at 4.5:1; the theme's test checks every palette.
    autoContrast: true,
    luminanceThreshold: 0.185,
    defaultRadius: 'md',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    components: {
      // A dialog's header is Mantine's <header>, a second page banner to assistive technology
      // (axe: landmark-no-duplicate-banner); the dialog's title names it already.
      Modal: extend<ModalFactory>({
        defaultProps: { closeButtonProps, attributes: { header: { role: 'none' } } },
      }),
      Drawer: extend<DrawerFactory>({
        defaultProps: { closeButtonProps, attributes: { header: { role: 'none' } } },
      }),
      Notification: extend<NotificationFactory>({
        defaultProps: { closeButtonProps },
        // Mantine writes a titled notification's message in gray 6 (3.3:1), not in `dimmed`.
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      }),
      // A badge never cuts its text to "SIN…" (Mantine's default ellipsis): it keeps its width in
      // a row, and when its container is narrower than the text, the text wraps inside it.
      // Inline styles, so no stylesheet order can undo it.
      Badge: extend<BadgeFactory>({
        styles: {
          root: { flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
          label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
        },
      }),
      // A segmented control cannot wrap: on a screen narrower than its options (a phone, 390 px)
      // it takes the width there is and scrolls its options sideways, never the page
      // (docs/product-decisions.md, Console).
      // A tooltip is drawn inside the page's main landmark, not in a portal at the end of the
      // body outside every landmark (axe: region); in the console that landmark is always there.
      Tooltip: extend<TooltipFactory>({ defaultProps: { portalProps: { target: '#main-content' } } }),
      // A select's "Nothing found" sits in its listbox, which may hold options only (axe:
      // aria-required-children): it is an option that cannot be chosen, read as one.
      ComboboxEmpty: extend<Factory<{ props: ComboboxEmptyProps; compound: true }>>({
        defaultProps: { role: 'option', 'aria-disabled': true },
      }),
      SegmentedControl: extend<SegmentedControlFactory>({
        styles: { root: { maxWidth: '100%', minWidth: 0, overflowX: 'auto' } },
      }),
    },
  });
};
