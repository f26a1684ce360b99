// CSS Modules compile to named exports (Rspack's css/auto default): import them as
// `import * as styles from './X.module.css'` and keep class names camelCase.
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export = classes;
}

// Plain stylesheets (tokens.css) are imported for their side effect only.
declare module '*.css';
