// Mantine's PostCSS preset adds its mixins and rem/em functions to our CSS modules.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
