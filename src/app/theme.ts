import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's default system, with solid buttons darkening on hover instead of fading: the default
 * fade leaves white text on blue at 4.4:1, below WCAG AA's 4.5:1.
 */
export const system = createSystem(
  defaultConfig,
  defineConfig({
    theme: {
      recipes: {
        button: {
          variants: {
            variant: {
              solid: { _hover: { bg: 'colorPalette.700' }, _expanded: { bg: 'colorPalette.700' } },
            },
          },
        },
      },
    },
  }),
);
