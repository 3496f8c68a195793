import { expect, test, type Page } from '@playwright/test';
import { b2bMessages } from '../../screens/i18n/en/b2b.ts';
import { b2bErrorMessages } from '../../screens/i18n/en/b2b-errors.ts';
import { errorMessages } from '../../screens/i18n/en/errors.ts';
import { mainMessages } from '../../screens/i18n/en/main.ts';
import { latestMessage, uniqueEmail } from './screens-helpers.ts';
import { b2b } from './b2b-screens.ts';

/*
 * <stytch-b2b-ui> in French against the real provider: every screen of a discovery by link,
 * and the provider's refusal of a spent link, read in French, with no English left.
 */

// Words that read the same in French (names, an address, a borrowed word).
const SAME_IN_FRENCH = new Set(['watermark.altText', 'watermark.poweredBy', 'formField.email.placeholder', 'formField.password.label', 'password.requirement.suggestion']);
const ENGLISH_RUNS = Object.entries({ ...mainMessages, ...errorMessages, ...b2bErrorMessages, ...b2bMessages })
  .filter(([id]) => !SAME_IN_FRENCH.has(id))
  .flatMap(([, text]) => text.split(/\{\w+\}|<\/?\w+>/))
  .map((run) => run.trim())
  .filter((run) => run.length >= 4);

/** `run` as whole words: "Continue" is not found in "Continuer". */
const wholeWords = (run: string) => new RegExp(`(?<!\\p{L})${run.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');

/** The English runs on the widget (its text and accessible names): none when it is all French. */
async function englishOn(page: Page): Promise<string[]> {
  const shown = await b2b(page).evaluate((el) => {
    const attrs = [...el.querySelectorAll('[aria-label], [placeholder], [alt], [title]')].flatMap((n) => ['aria-label', 'placeholder', 'alt', 'title'].map((a) => n.getAttribute(a) ?? ''));
    return [el.textContent ?? '', ...attrs].join('\n');
  });
  return [...new Set(ENGLISH_RUNS.filter((run) => wholeWords(run).test(shown)))];
}

async function expectScreen(page: Page, title: string): Promise<void> {
  await expect(b2b(page).getByRole('heading', { level: 1 })).toHaveText(title);
  expect(await englishOn(page)).toEqual([]);
}

test('a French B2B widget speaks French on every screen of a discovery by link, the provider’s refusal included', async ({ page }) => {
  const email = uniqueEmail('b2b-fr');
  await page.goto(`${process.env.E2E_DEMO_URL}/b2b.html?products=emailMagicLinks&locale=fr`);
  await expectScreen(page, 'Inscription ou connexion');
  await b2b(page).getByLabel('E-mail').fill('pas-une-adresse');
  await b2b(page).getByRole('button', { name: 'Continuer' }).click();
  await expect(b2b(page).getByRole('alert')).toHaveText('Le format de l’adresse e-mail n’est pas valide.');
  expect(await englishOn(page)).toEqual([]);

  await b2b(page).getByLabel('E-mail').fill(email);
  await b2b(page).getByRole('button', { name: 'Continuer' }).click();
  await expectScreen(page, 'Consultez vos e-mails');
  await expect(b2b(page).getByText(`Un e-mail a été envoyé à ${email}.`)).toBeVisible();
  await expect(b2b(page).getByRole('button', { name: 'Retour' })).toBeVisible();
  await expect(b2b(page).getByRole('button', { name: 'Renvoyer l’e-mail' })).toBeVisible();

  // The link comes back to the demo page, which takes its language from the address.
  const back = new URL((await latestMessage(email)).link!);
  expect(back.pathname).toMatch(/b2b\.html$/);
  back.searchParams.set('locale', 'fr');
  const link = back.href;
  await page.goto(link);
  await expectScreen(page, 'Créez une organisation pour commencer');
  await expect(b2b(page).getByText(`${email} n’a pas de compte. Vous pensez qu’il s’agit d’une erreur\u00a0? Essayez une autre adresse e-mail ou contactez votre administrateur.`)).toBeVisible();
  await expect(b2b(page).getByRole('button', { name: 'Créer une organisation' })).toBeVisible();
  await expect(b2b(page).getByRole('button', { name: 'Essayer une autre adresse e-mail' })).toBeVisible();

  // The link again: spent, and the EmailMagicLink sub-view reads in French.
  await page.goto(link);
  await expectScreen(page, 'Une erreur s’est produite\u00a0!');
  await expect(b2b(page).getByRole('alert')).toHaveText(
    'Une erreur s’est produite. Votre lien de connexion a peut-être expiré, été révoqué ou déjà été utilisé. Demandez un nouveau lien de connexion pour réessayer, ou contactez votre administrateur.',
  );
  expect(await englishOn(page)).toEqual([]);
});
