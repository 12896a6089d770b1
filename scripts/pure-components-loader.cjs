// A webpack loader for React Router's production build (webpack.config.js): marks its components and
// contexts as pure and drops their `displayName` (read by React's developer tools only), so the
// minifier removes those the app never uses. Written as `var Form = React.forwardRef(…)` followed by
// `Form.displayName = "Form"`, each counts as a side effect and stays in the bundle, with all it
// calls: <Form>, useSubmit, the route modules' prefetching (1.5 KB of gzip on every page).
module.exports = function pureComponents(source) {
  return source
    .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2')
    .replace(/^\w+\.displayName = "[^"]*";\n/gm, '');
};
