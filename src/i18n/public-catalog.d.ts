/** The Spanish texts of the public pages only (see public-keys.ts), built by vite.config.ts. */
declare module 'virtual:public-catalog' {
  const messages: Record<string, string>;
  export default messages;
}
