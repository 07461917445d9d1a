/**
 * Creates an operator of the factor (issue 33) — the first ones of a production deployment, where the
 * demo world is never seeded:
 *
 *     npm run operator:create -- --login <登录名> --name <显示名> [--password-file <file>|-]
 *
 * Run it twice: four eyes need a second operator. The password is asked twice without echo, or read
 * from the first line of a file (`-`: standard input) — never from the command line, where the shell's
 * history and the process list would keep it. It obeys the rules of every new password (8–64
 * characters with letters and digits, not the published demo password, not a common breached one).
 * Uses the same database as `npm start` (DATABASE_URL, or the PGlite files under DATA_DIR); the
 * embedded database must not be held by a running server (stop it, create, start it again).
 * Exit code 0: created; 1: refused (the reason is printed) or failed. The creation is audited.
 */
import { readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { BusinessError } from '../lib/envelope.ts';
import { checkOperatorFields, countOperators, createOperator } from '../modules/account/index.ts';
import { runCommand } from './local-control.ts';

const USAGE = '用法 usage: npm run operator:create -- --login <登录名> --name <显示名> [--password-file <文件>|-]';

export interface OperatorArgs {
  loginName: string;
  displayName: string;
  /** A file whose first line is the password; `-` for standard input; absent: asked interactively. */
  passwordFile?: string;
}

/** The command line, or the refusal to print (a password on the command line is refused outright). */
function parseOperatorArgs(argv: string[]): OperatorArgs | { error: string } {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (/^--?(password|pwd|pass)$/i.test(flag))
      return { error: '不接受命令行中的密码（会留在 shell 历史和进程列表中）：请按提示输入，或用 --password-file <文件>' };
    if (!['--login', '--name', '--password-file'].includes(flag)) return { error: `未知参数 ${flag}\n${USAGE}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') return { error: `${flag} 缺少取值\n${USAGE}` };
    values[flag] = value;
  }
  if (!values['--login'] || !values['--name']) return { error: USAGE };
  return { loginName: values['--login'], displayName: values['--name'], passwordFile: values['--password-file'] };
}

/** The first line of a password file (or of standard input), without its line ending. */
function readPasswordFile(file: string): string {
  const text = readFileSync(file === '-' ? 0 : file, 'utf8');
  if (file !== '-' && (statSync(file).mode & 0o077) !== 0)
    console.warn(`  提示：密码文件 ${file} 可被其他用户读取，用完请删除（或 chmod 600）。`);
  return text.split(/\r?\n/)[0];
}

/** Asks for a line on the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  // The terminal is in raw mode (no echo) once readline holds it: only then is the question shown.
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  process.stdout.write(question);
  return new Promise((resolve) =>
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

async function passwordOf(args: OperatorArgs): Promise<string | { error: string }> {
  if (args.passwordFile) return readPasswordFile(args.passwordFile);
  if (!process.stdin.isTTY) return { error: '没有终端可输入密码：请用 --password-file <文件>（或 --password-file - 从标准输入读取）' };
  const first = await askHidden(`运营账号 ${args.loginName} 的密码（不回显）：`);
  const second = await askHidden('再输入一次：');
  if (first !== second) return { error: '两次输入的密码不一致' };
  return first;
}

async function main(): Promise<number> {
  const args = parseOperatorArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 1;
  }
  const password = await passwordOf(args);
  if (typeof password !== 'string') {
    console.error(password.error);
    return 1;
  }
  // Refused before the database is opened: a rule broken says so at once.
  checkOperatorFields({ ...args, password });
  let code = 1;
  await runCommand({
    async direct(database) {
      await database.migrate();
      const user = await createOperator(database.db, { ...args, password });
      const operators = await countOperators(database.db);
      console.log(`已创建运营账号 ${user.loginName}（${user.displayName}），数据库：${database.kind}。现有运营账号 ${operators} 个。`);
      if (operators < 2) console.log('  提示：审批需要两名运营（四眼原则），请再运行一次本命令创建第二名运营。');
      code = 0;
      return 0;
    },
  });
  return process.exitCode === 1 ? 1 : code;
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(err instanceof BusinessError ? err.message : `创建运营账号失败：${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
