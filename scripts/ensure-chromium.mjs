// Browser journeys need Debian's Chromium (Playwright cannot download browsers here) and a CJK font.
// The journeys drive Chromium's old headless shell (package chromium-headless-shell, the same Blink without the
// full browser around it): the same 86 journeys took 674 CPU s in it against 844 in `chromium` (issue 34, README).
// CHROMIUM_PATH chooses another binary (e.g. /usr/bin/chromium).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? HEADLESS_SHELL;
const hasCjkFont = () => {
  try {
    return /CJK|WenQuanYi/i.test(execSync('fc-list', { encoding: 'utf8' }));
  } catch {
    return false;
  }
};

const missing = [];
if (!existsSync(chromium)) missing.push(chromium === HEADLESS_SHELL ? 'chromium-headless-shell' : 'chromium');
if (!hasCjkFont()) missing.push('fonts-noto-cjk');
if (missing.length === 0) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`Installing ${missing.join(' ')} from Debian…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
} else {
  console.error(
    `The browser journeys need: ${missing.join(', ')}.\nInstall them with: sudo apt-get install ${missing.join(' ')}\n(or set CHROMIUM_PATH to a Chromium binary).`,
  );
  process.exit(1);
}
