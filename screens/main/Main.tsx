import { useWidget } from '../context.ts';
import { Heading } from '../components/Heading.tsx';

/** The Main screen: the only screen in the initial bundle. Its blocks come with the flows. */
export function Main() {
  const { styles, strings } = useWidget();
  const logo = styles.logo?.logoImageUrl;
  return (
    <section part="container">
      {logo ? <img part="logo" src={logo} alt="" css={{ alignSelf: 'center', maxHeight: 50, maxWidth: '100%' }} /> : null}
      {styles.hideHeaderText || styles.displayHeader === false ? null : <Heading>{strings.mainHeader}</Heading>}
    </section>
  );
}
