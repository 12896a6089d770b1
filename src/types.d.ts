import type { AppConfig } from './api/config.ts';

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
