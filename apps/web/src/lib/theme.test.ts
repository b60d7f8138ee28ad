import { DEFAULT_THEME, isLightColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, createAppTheme, cssVariablesResolver, minimumContrast } from './theme';

const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme({ close: 'Close' }));
const resolved: Record<string, string | undefined> = cssVariablesResolver(theme).light;
/** A variable the resolver sets; a missing one fails the test rather than reading as a colour. */
const light = (name: string) => {
  const value = resolved[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const backgrounds = { white: '#ffffff', 'gray 0': DEFAULT_THEME.colors.gray[0] };

describe('the theme’s colours read at WCAG AA (4.5:1) in the light scheme', () => {
  it('dimmed text and error text, on the page and on table rows', () => {
    for (const background of Object.values(backgrounds)) {
      expect(contrastRatio(light('--mantine-color-dimmed'), background)).toBeGreaterThanOrEqual(
        minimumContrast,
      );
      expect(contrastRatio(light('--mantine-color-error'), background)).toBeGreaterThanOrEqual(
        minimumContrast,
      );
    }
  });

  it.each(Object.keys(DEFAULT_THEME.colors))('%s: filled with its automatic text colour', (name) => {
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
    const filled = theme.colors[name]?.[shade] ?? '';
    // What Mantine's autoContrast picks for a filled button or badge.
    const text = isLightColor(filled, theme.luminanceThreshold) ? theme.black : theme.white;
    expect(contrastRatio(filled, text)).toBeGreaterThanOrEqual(minimumContrast);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))('%s: coloured and outline text, light variant', (name) => {
    for (const background of Object.values(backgrounds)) {
      expect(contrastRatio(light(`--mantine-color-${name}-text`), background)).toBeGreaterThanOrEqual(
        minimumContrast,
      );
      expect(contrastRatio(light(`--mantine-color-${name}-outline`), background)).toBeGreaterThanOrEqual(
        minimumContrast,
      );
    }
    const shades = DEFAULT_THEME.colors[name] ?? [];
    for (const background of [shades[1] ?? '', shades[2] ?? '']) {
      expect(contrastRatio(light(`--mantine-color-${name}-light-color`), background)).toBeGreaterThanOrEqual(
        minimumContrast,
      );
    }
  });

  it('Mantine’s own defaults did not (what this theme corrects)', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(minimumContrast);
    expect(contrastRatio(DEFAULT_THEME.colors.blue[6], '#ffffff')).toBeLessThan(minimumContrast);
  });
});
