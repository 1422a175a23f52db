// The compiled parts of the message catalogs, written by scripts/catalogs-plugin.ts at build time.
declare module 'virtual:catalog-*' {
  import type { MessageFormatElement } from 'react-intl';

  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
