// `npm run create-staff -- --email <address>`: creates a staff account on the configured database (PGlite in DATA_DIR
// or DATABASE_URL), with a password typed at the terminal (not echoed) or read from --password-file, never an argument.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnreachableError, openDatabase } from './db/client.ts';
import { users } from './db/schema.ts';
import { findUserByEmail } from './auth/accounts.ts';
import { hashPassword, passwordProblems } from './auth/passwords.ts';
import { translate } from './i18n/messages.ts';

const usage = `usage: npm run create-staff -- --email <address> [--password-file <path>] [--first-name <name>] [--last-name <name>] [--language es|en]
  Without --password-file the password is asked for twice at the terminal, without echo.`;

/** A mistake of the person running the command: one line, exit 1. */
class CommandError extends Error {}

function readOptions(argv: string[]) {
  if (argv.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    // On the command line a password lands in shell history and in `ps` for everyone on the machine.
    throw new CommandError(`a password is never an argument: type it when asked, or pass --password-file <path>\n${usage}`);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        'password-file': { type: 'string' },
        'first-name': { type: 'string', default: 'Equipo' },
        'last-name': { type: 'string', default: 'Incubadora' },
        language: { type: 'string', default: 'es' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${usage}`);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const email = (values.email ?? '').trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CommandError(`--email must be an e-mail address\n${usage}`);
  if (values.language !== 'es' && values.language !== 'en') throw new CommandError('--language must be es or en');
  const firstName = values['first-name'].trim();
  const lastName = values['last-name'].trim();
  if (!firstName || !lastName) throw new CommandError('--first-name and --last-name must not be empty');
  return { email, passwordFile: values['password-file'], firstName, lastName, language: values.language };
}

/** Reads one line from the terminal with echo off (raw mode): backspace edits, Ctrl-C cancels. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    return Promise.reject(new CommandError('no terminal to type the password at: pass --password-file <path>'));
  }
  // Echo off before the question shows: what is typed (or pasted) right after it must not reach the screen.
  input.setRawMode(true);
  process.stderr.write(question);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new CommandError('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}

async function readPassword(passwordFile: string | undefined): Promise<string> {
  if (passwordFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(passwordFile, 'utf8');
    } catch (error) {
      throw new CommandError(`cannot read --password-file ${passwordFile}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    // The file's first line, so `echo secret > file` works and a trailing newline is not part of the password.
    return text.split(/\r?\n/, 1)[0] ?? '';
  }
  const password = await askHidden('Password: ');
  if ((await askHidden('Password again: ')) !== password) throw new CommandError('the two passwords differ');
  return password;
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  const password = await readPassword(options.passwordFile);
  // The sign-up rules (server/auth/passwords.ts), in English for the operator.
  const problems = passwordProblems(password);
  if (problems.length > 0) throw new CommandError(`password refused: ${problems.map((p) => translate('en', p.id, p.params)).join(' ')}`);

  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') });
  try {
    if (await findUserByEmail(database.db, options.email)) throw new CommandError(`a user with the e-mail ${options.email} already exists`);
    await database.db.insert(users).values({
      email: options.email,
      password_hash: await hashPassword(password),
      first_name: options.firstName,
      last_name: options.lastName,
      language: options.language,
      is_staff: true,
      conditions_accepted_at: new Date(),
    });
  } finally {
    await database.close();
  }
  console.log(`staff account created: ${options.email}`);
}

try {
  await main();
} catch (error) {
  if (error instanceof CommandError || error instanceof DatabaseUnreachableError) console.error(error.message);
  else if (error instanceof ConfigError) console.error(error.message);
  else throw error;
  process.exit(1);
}
