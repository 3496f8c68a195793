import r2wc from '@r2wc/react-to-web-component';
import { createElement } from 'react';
import { App, type Mode } from '../screens/App.tsx';

/** Builds the element class for one mount mode; registration happens elsewhere. */
export function createWidgetElement(mode: Mode): CustomElementConstructor {
  return r2wc(() => createElement(App, { mode }), { shadow: 'open' });
}
