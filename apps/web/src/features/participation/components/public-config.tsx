import type { PublicConfig } from '@parley/contract';
import { createContext, useContext } from 'react';

/**
 * The public configuration as the public pages' application loaded it (once, for tracing and page
 * views too): the frame takes the privacy notice from it when the page's own answer has none. The
 * console's survey preview has none, and needs none.
 */
export const PublicConfigContext = createContext<PublicConfig | undefined>(undefined);

export const usePublicPageConfig = () => useContext(PublicConfigContext);
