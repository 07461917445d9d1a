/**
 * The signed-in shell's two lazy parts as one module, so RootLayout's two lazy imports arrive as one
 * file (each file of a first visit costs its headers on the wire).
 */
export { default as AdminLayout } from './AdminLayout.tsx';
export { default as AntdProviders } from './AntdProviders.tsx';
