// `stytch-ui prerender`: the package's command (package.json `bin`), built to dist/cli.js.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { prerenderConfig, prerenderHtml } from './prerender.ts';

const USAGE = `Usage: stytch-ui prerender <page.html | config.json> [--out <file>] [--nonce <value>]

  page.html    every <stytch-ui> element gets its first screen written inside it, rendered
               from its own config, styles and nonce attributes; the file is rewritten in
               place unless --out is given
  config.json  {"config": {...}, "styles": {...}, "nonce": "..."} or a bare config: the whole
               <stytch-ui> element is printed (or written to --out)

  --out <file>     where to write (- for standard output)
  --nonce <value>  the nonce for the style tags, in place of each element's nonce attribute
  --help           this text`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string', short: 'o' }, nonce: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, input, ...rest] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'prerender' || !input || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const text = readFileSync(input, 'utf8');
  const options = { nonce: values.nonce };
  let output: string;
  let target: string | undefined;
  if (/\.json$/i.test(input)) {
    output = (await prerenderConfig(text, options)) + '\n';
    target = values.out;
  } else {
    const page = await prerenderHtml(text, options);
    if (page.count === 0) {
      console.error(`${input}: no <stytch-ui> element found`);
      return 1;
    }
    for (const warning of page.warnings) console.error(`${input}: warning: ${warning.message}`);
    output = page.html;
    target = values.out ?? input;
    console.error(`${input}: ${page.count} <stytch-ui> element${page.count > 1 ? 's' : ''} prerendered${target === '-' ? '' : ` into ${target}`}`);
  }
  if (target === undefined || target === '-') process.stdout.write(output);
  else writeFileSync(target, output);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    process.exitCode = 1;
  },
);
