import { Image, type ImageProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

type NaturalImageProps = Omit<ImageProps, 'w' | 'maw' | 'fit' | 'style'> &
  Omit<ComponentPropsWithoutRef<'img'>, keyof ImageProps> & {
    /** The largest height shown; a taller image shrinks, keeping its proportions. */
    mah: number;
  };

/**
 * An uploaded image at most at its natural size: Mantine's Image fills its container's width, so a
 * 200 px logo was blown up to a phone's 360 px and looked pixelated. Width `auto` with a
 * `max-width` of 100% shrinks a large image to fit but never enlarges a small one (the preview
 * had `w="auto"` already, but a Stack stretched it all the same).
 */
export const NaturalImage = (props: NaturalImageProps) => (
  // In a column (Stack) an item of width `auto` is stretched to the full width: align it instead.
  <Image {...props} w="auto" maw="100%" fit="contain" style={{ alignSelf: 'flex-start' }} />
);
