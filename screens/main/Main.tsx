import { strings } from '../strings.ts';

/** The Main screen: the only screen in the initial bundle. */
export function Main() {
  return (
    <section part="container">
      <h1 part="header" tabIndex={-1}>{strings.mainHeader}</h1>
    </section>
  );
}
