// Which Chromium the browser tests drive, so that `npm install && npm test` needs nothing else:
// 1. CHROMIUM_PATH when set;
// 2. the Chromium inside the @sparticuz/chromium package (a devDependency pinned by the lock file,
//    so every machine tests on the same build), unpacked once into node_modules/.cache;
// 3. a system Chromium (/usr/bin/chromium, Debian's package), only as a last resort.
// Test tools cannot download browsers here; a browser shipped inside an npm package installs as an
// ordinary dependency. It needs the NSS libraries (libnss3), present on Debian and Ubuntu images.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface BrowserChoice {
  executablePath: string;
  /** Extra environment of the browser process (fonts of the packaged build). */
  env: Record<string, string>;
  source: 'CHROMIUM_PATH' | '@sparticuz/chromium' | 'system';
}

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Unpacks the packaged Chromium (brotli files in the package) into a versioned cache folder. */
function packagedChromium(): BrowserChoice | null {
  const packageDir = path.resolve('node_modules/@sparticuz/chromium');
  const manifest = path.join(packageDir, 'package.json');
  if (!fs.existsSync(manifest)) return null;
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  const dir = path.resolve('node_modules/.cache', `sparticuz-chromium-${version}`);
  const binary = path.join(dir, 'chromium');
  if (!isExecutable(binary)) {
    fs.mkdirSync(dir, { recursive: true });
    // The package unpacks into os.tmpdir(): point it at the cache folder (one-off, about 3 s).
    execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "await (await import('@sparticuz/chromium')).default.executablePath();"],
      { env: { ...process.env, TMPDIR: dir }, stdio: 'inherit' },
    );
  }
  if (!isExecutable(binary)) return null;
  // The package's own fonts.conf points at /tmp/fonts: write one for this folder, with the
  // packaged font (Open Sans, Latin with accents) and whatever fonts the system has.
  const fontsConf = path.join(dir, 'fonts.conf');
  if (!fs.existsSync(fontsConf)) {
    fs.writeFileSync(
      fontsConf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${path.join(dir, 'fonts')}</dir>\n  <dir>/usr/share/fonts</dir>\n  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
  }
  return { executablePath: binary, env: { FONTCONFIG_FILE: fontsConf }, source: '@sparticuz/chromium' };
}

export function chooseChromium(): BrowserChoice {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, env: {}, source: 'CHROMIUM_PATH' };
  try {
    const packaged = packagedChromium();
    if (packaged) return packaged;
  } catch (error) {
    console.warn(`The packaged Chromium could not be unpacked (${String(error)}); trying a system one.`);
  }
  const system = SYSTEM_CHROMIUMS.find(isExecutable);
  if (system) return { executablePath: system, env: {}, source: 'system' };
  throw new Error(
    'No Chromium for the browser tests: run `npm install` (it brings @sparticuz/chromium) or set CHROMIUM_PATH.',
  );
}

/** Flags for a headless Chromium on a closed network, as root, in CI. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  // The schools a deployment creates answer on host names of their own (issue 46): in the tests,
  // every *.escuelas.test name is this machine. No other name changes, so no other test sees it.
  '--host-resolver-rules=MAP *.escuelas.test 127.0.0.1',
];
