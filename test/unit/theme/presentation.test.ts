import { expect } from '@open-wc/testing';
import { compileTheme } from '../../../theme/index.ts';
import { presentationLight, readPresentation } from '../../../theme/presentation.ts';

/** A shadow host styled by the sheet compiled with `presentation`, holding the parts the official look shapes. */
function render(presentation: unknown): { part: (name: string) => CSSStyleDeclaration; done: () => void } {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const sheet = document.createElement('style');
  sheet.textContent = compileTheme({}, { kind: 'shadow' }, readPresentation(presentation).look).css;
  const section = document.createElement('section');
  section.setAttribute('part', 'container');
  section.innerHTML = `<h1 part="header">Sign up or log in</h1>
    <div part="tabs" role="tablist"><button part="tab tab-selected">Email</button><button part="tab">Text</button></div>
    <input part="input"><button part="button button-primary">Continue</button><button part="button button-secondary">Google</button>`;
  root.append(sheet, section);
  return {
    part: (name) => getComputedStyle(root.querySelector(`[part~="${name}"]`)!),
    done: () => host.remove(),
  };
}

describe('official 6.x presentation', () => {
  it('reads tokens, a [light, dark] pair and the options', () => {
    const one = readPresentation({ theme: { primary: '#123456', 'rounded-base': '2px' }, options: { hideHeaderText: true, logo: { url: '/l.svg', alt: 'Acme' }, enableShadowDOM: true } });
    expect(one.light).to.deep.equal({ primary: '#123456', 'rounded-base': '2px' });
    expect(one.dark).to.equal(undefined);
    expect(one.styles).to.deep.equal({ hideHeaderText: true, logo: { logoImageUrl: '/l.svg', alt: 'Acme' } });
    expect(one.enableShadowDOM).to.equal(true);
    expect(one.issues).to.deep.equal([]);
    const pair = readPresentation({ theme: [{ primary: 'red' }, { primary: 'pink' }] });
    expect(pair.light).to.deep.equal({ primary: 'red' });
    expect(pair.dark?.primary).to.equal('pink');
    expect(pair.dark).to.deep.equal({ primary: 'pink' });
    const none = readPresentation(undefined);
    expect([none.light, none.styles, none.unapplied, none.issues]).to.deep.equal([{}, {}, [], []]);
  });

  it('says which options it understands but does not apply', () => {
    const read = readPresentation({ options: { buttonId: true, inputIdSuffix: '-2', icons: {} }, icons: {} });
    expect(read.unapplied).to.have.members(['`presentation.icons`', '`presentation.options.buttonId`', '`presentation.options.inputIdSuffix`', '`presentation.options.icons`']);
    expect(read.issues).to.deep.equal([]);
  });

  it('refuses bad values with their path and reason, never throwing', () => {
    const issues = (p: unknown) => readPresentation(p).issues.map((i) => `${i.field}:${i.path}: ${i.message}`);
    expect(issues('dark')).to.deep.equal(['presentation:: must be an object ({ theme, options })']);
    expect(issues({ theme: { primary: 42, primay: 'red', background: 'red;}body{x:y', 'color-scheme': 'blue' } })).to.deep.equal([
      'presentation:theme.primary: must be a CSS value without ; { } < > \\ or comments',
      'presentation:theme.primay: is not a theme token of the official UI 6.x',
      'presentation:theme.background: must be a CSS value without ; { } < > \\ or comments',
      'presentation:theme.color-scheme: must be one of light, dark, shadcn',
    ]);
    expect(issues({ theme: [{}] })).to.deep.equal(['presentation:theme: must be one theme or a [light, dark] pair']);
    expect(issues({ theme: 'x', options: { hideHeaderText: 'yes', logo: 'a.png', color: 1 }, style: {} })).to.deep.equal([
      'presentation:style: is not a presentation field (theme, options, icons)',
      'presentation:theme: must be an object of theme tokens',
      'presentation:options.hideHeaderText: must be true or false',
      'presentation:options.logo: must be { url: string, alt: string }',
      'presentation:options.color: is not a presentation option of the official UI 6.x',
    ]);
    // A refused token leaves 6.3.0's default in force.
    const { part, done } = render({ theme: { primary: 'red;}' } });
    expect(part('button-primary').backgroundColor).to.match(/^oklch\(0\.2 0 0\)$/);
    done();
  });

  it('without a presentation draws 6.3.0 defaults: black filled button, outline secondary, segmented tabs, 24px card radius', () => {
    const { part, done } = render(undefined);
    expect(part('button-primary').backgroundColor).to.equal(presentationLight.primary);
    expect(part('button-primary').color).to.equal(presentationLight['primary-foreground']);
    expect(part('button-primary').borderTopLeftRadius).to.equal('8px');
    expect(part('button-primary').fontSize).to.equal('14px');
    expect(part('button-secondary').backgroundColor).to.equal(presentationLight.background);
    expect(part('button-secondary').borderTopColor).to.equal(presentationLight.border);
    expect(part('container').borderTopLeftRadius).to.equal('24px');
    expect(part('container').fontFamily).to.equal('system-ui, sans-serif');
    expect(part('tab-selected').backgroundColor).to.equal(presentationLight.accent);
    expect(part('tab-selected').borderTopLeftRadius).to.equal('8px');
    expect(part('tab-selected').borderTopRightRadius).to.equal('0px');
    expect(part('input').borderTopColor).to.equal(presentationLight.input);
    expect(part('header').fontSize).to.equal('24px');
    done();
  });

  it('maps the tokens onto the parts: primary, radii from rounded-base, overrides, fonts and text size', () => {
    const { part, done } = render({
      theme: {
        primary: 'rgb(91, 42, 134)',
        'primary-foreground': 'rgb(255, 255, 255)',
        'rounded-base': '2px',
        'container-radius': '0px',
        'font-family': 'Georgia, serif',
        'text-base': '20px',
        foreground: 'rgb(1, 2, 3)',
        input: 'rgb(9, 9, 9)',
      },
    });
    expect(part('button-primary').backgroundColor).to.equal('rgb(91, 42, 134)');
    expect(part('button-primary').color).to.equal('rgb(255, 255, 255)');
    expect(part('button-primary').borderTopLeftRadius).to.equal('4px');
    expect(part('input').borderTopLeftRadius).to.equal('4px');
    expect(part('input').borderTopColor).to.equal('rgb(9, 9, 9)');
    expect(part('container').borderTopLeftRadius).to.equal('0px');
    expect(part('container').fontFamily).to.equal('Georgia, serif');
    expect(part('header').color).to.equal('rgb(1, 2, 3)');
    expect(part('header').fontSize).to.equal('30px');
    expect(part('button-primary').fontSize).to.equal('17.5px');
    done();
  });
});
