import presetMantine from 'postcss-preset-mantine';

// Mantine's PostCSS preset: rem(), light-dark() and breakpoint mixins in our CSS modules.
export default {
  plugins: [presetMantine()],
};
