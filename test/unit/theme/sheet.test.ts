import { expect } from '@open-wc/testing';
import { compileTheme, token, variableName } from '../../../theme/index.ts';

/** An iframe of the given width with one shadow host using the compiled sheet and an input. */
async function inputIn(width: number, bodyFontSize: string): Promise<{ size: string; done: () => void }> {
  const frame = document.createElement('iframe');
  frame.style.width = `${width}px`;
  frame.style.height = '200px';
  document.body.append(frame);
  const doc = frame.contentDocument!;
  const host = doc.createElement('div');
  host.style.setProperty('--stytch-body-font-size', bodyFontSize);
  doc.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const sheet = doc.createElement('style');
  sheet.textContent = compileTheme({}).css;
  const input = doc.createElement('input');
  input.setAttribute('part', 'input');
  input.setAttribute('aria-label', 'email');
  root.append(sheet, input);
  return { size: frame.contentWindow!.getComputedStyle(input).fontSize, done: () => frame.remove() };
}

describe('theme sheet', () => {
  it('names variables after the style config path', () => {
    expect(variableName(['buttons', 'primary', 'textColor'])).to.equal('--stytch-buttons-primary-text-color');
    expect(token('colors', 'primary')).to.equal('var(--stytch-colors-primary)');
  });

  it('declares the SPEC §3 defaults', () => {
    const { css } = compileTheme({});
    for (const decl of [
      '--stytch-header-font-size:24px',
      '--stytch-header-font-weight:600',
      '--stytch-body-font-size:16px',
      '--stytch-helper-font-size:14px',
      '--stytch-inputs-border-radius:4px',
      '--stytch-buttons-disabled-background-color:#F3F5F6',
      '--stytch-buttons-disabled-text-color:#8296A1',
      '--stytch-container-width:400px',
      '--stytch-container-border-radius:8px',
      '--stytch-button-height:45px',
    ])
      expect(css).to.contain(decl);
  });

  it('reports non-string and unsafe values instead of writing them', () => {
    const { css, issues } = compileTheme({ colors: { primary: 'red</style>' }, container: { width: 5 as unknown as string } });
    expect(issues.map((i) => i.path)).to.deep.equal(['colors.primary', 'container.width']);
    expect(css).not.to.contain('</style>');
  });

  it('keeps inputs at 16px or more on narrow screens so iOS does not zoom', async () => {
    const narrow = await inputIn(375, '12px');
    const wide = await inputIn(800, '12px');
    try {
      expect(narrow.size).to.equal('16px');
      expect(wide.size).to.equal('12px');
    } finally {
      narrow.done();
      wide.done();
    }
  });
});
