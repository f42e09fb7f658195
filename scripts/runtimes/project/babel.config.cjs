// Only for Jest (jest.config.cjs): ES module syntax to CommonJS, nothing else.
// msw 3's @mswjs/interceptors reads import.meta.url, which CommonJS has no syntax for:
// it becomes the module's own file URL.
const importMetaUrl = ({ template }) => ({
  visitor: {
    MetaProperty(path) {
      if (path.node.meta.name === 'import')
        path.replaceWith(template.expression.ast`({ url: require('node:url').pathToFileURL(__filename).href })`);
    },
  },
});
module.exports = { plugins: ['@babel/plugin-transform-modules-commonjs', importMetaUrl] };
