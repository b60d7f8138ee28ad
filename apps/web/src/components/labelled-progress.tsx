import { Progress, type ProgressRootProps } from '@mantine/core';
import { progressbarProps } from '@/components/plain/plain';

type LabelledProgressProps = Omit<ProgressRootProps, 'children'> & {
  /** 0 to 100. */
  value: number;
  label: string;
  /** What a screen reader says instead of Mantine's bare "40%", e.g. "Step 2 of 5". */
  valueText: string;
  animated?: boolean;
};

/**
 * A progress bar with its own spoken value. Mantine's `Progress` puts extra aria props on its
 * outer element, which has no role (an ARIA error), and always says "N%" on the bar itself.
 */
export const LabelledProgress = ({ value, label, valueText, animated, ...root }: LabelledProgressProps) => (
  <Progress.Root {...root}>
    <Progress.Section
      value={value}
      animated={animated}
      withAria={false}
      {...progressbarProps(value, label, valueText)}
    />
  </Progress.Root>
);
