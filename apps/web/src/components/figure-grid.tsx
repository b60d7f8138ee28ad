import { Box, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The grid the figures sit in, as many to a row as fit (also for a loading skeleton of them). */
export const figureGridStyle = (minWidth: string) =>
  ({
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}, 1fr))`,
    gap: 'var(--mantine-spacing-sm)',
  }) as const;

export type FigureItem = { key: string; label: string; value: string };

/**
 * Headline figures as a description list of cards (a screen reader reads each label with its value),
 * under a group label, with an optional hint below.
 */
export const FigureGrid = ({
  label,
  figures,
  minWidth,
  hint,
}: {
  label: string;
  figures: readonly FigureItem[];
  minWidth: string;
  hint?: ReactNode;
}) => (
  <Box role="group" aria-label={label}>
    <Box component="dl" m={0} style={figureGridStyle(minWidth)}>
      {figures.map((f) => (
        <Paper key={f.key} withBorder radius="md" p="xs">
          <Text component="dt" fz="sm" c="dimmed">
            {f.label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={600}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </Box>
    {hint ? (
      <Text fz="xs" c="dimmed" mt={6}>
        {hint}
      </Text>
    ) : null}
  </Box>
);
