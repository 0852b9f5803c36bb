// Types of single-file components for TypeScript (`vue-tsc` checks the components themselves).
declare module "*.vue" {
  import type { DefineComponent } from "vue";

  const component: DefineComponent;
  export default component;
}
