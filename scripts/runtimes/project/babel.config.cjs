// Only for Jest (jest.config.cjs): ES module syntax to CommonJS, nothing else.
module.exports = { plugins: ['@babel/plugin-transform-modules-commonjs'] };
