// What every route module receives: configuration and the real services, built once by buildApp().
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { AuthDeps } from './auth/accounts.ts';
import type { CaptchaService } from './captcha/captcha.ts';
import type { TokenService } from './auth/tokens.ts';
import type { OutboxWorker } from './mail/outbox.ts';
import type { FileStorage } from './files/storage.ts';

export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  captcha: CaptchaService;
  outbox: OutboxWorker;
  /** Uploaded files under config.dataDir/files. */
  files: FileStorage;
  auth: AuthDeps;
  /** The clock; tests may pass their own. */
  now: () => Date;
}
