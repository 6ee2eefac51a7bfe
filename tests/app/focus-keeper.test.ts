// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepFocus } from '../../src/app/shell/focus-keeper.ts';

// jsdom lays nothing out, so every element has no boxes; here everything attached counts as shown.
beforeAll(() => {
  Element.prototype.getClientRects = function (this: Element) {
    return (this.isConnected ? [new DOMRect(0, 0, 10, 10)] : []) as unknown as DOMRectList;
  };
});

let stop: () => void;
beforeEach(() => {
  document.body.innerHTML = `
    <main><div>
      <div role="search" data-focus-landing><input id="search" /></div>
      <div id="bar" role="group"><button id="first">Primero</button><button id="done">Hecho</button></div>
      <form id="reply"><textarea id="text"></textarea><button id="send">Enviar</button></form>
      <div id="bulk"><button id="assign">Asignar</button></div>
    </div></main>
    <div id="portal"></div>`;
  stop = keepFocus();
});
afterEach(() => stop());

const byId = (id: string) => document.getElementById(id)!;
const press = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepFocus: a keyboard user whose control goes keeps a place nearby', () => {
  it('puts the focus on the next control of the group when the focused button is removed', async () => {
    byId('done').focus();
    press();
    byId('done').remove();
    await settle();
    expect(document.activeElement?.id).toBe('first');
  });

  it('goes to a declared landing (a list search) when the whole group went', async () => {
    byId('assign').focus();
    press();
    byId('bulk').remove();
    await settle();
    expect(document.activeElement?.id).toBe('search');
  });

  it('moves off a button that became disabled while focused (a send button once the text is sent)', async () => {
    byId('send').focus();
    press();
    (byId('send') as HTMLButtonElement).disabled = true;
    await settle();
    expect(document.activeElement?.id).toBe('text');
  });

  it("returns to the opener's place when a dialog closes after its opener went", async () => {
    byId('done').focus();
    press();
    byId('portal').innerHTML = '<div role="dialog"><button id="confirm">Confirmar</button></div>';
    byId('confirm').focus();
    byId('done').remove();
    byId('portal').innerHTML = '';
    await settle();
    expect(document.activeElement?.id).toBe('first');
  });

  it('returns to the opener itself when it is still there', async () => {
    byId('done').focus();
    press();
    byId('portal').innerHTML = '<div role="dialog"><button id="confirm">Confirmar</button></div>';
    byId('confirm').focus();
    byId('portal').innerHTML = '';
    await settle();
    expect(document.activeElement?.id).toBe('done');
  });

  it('leaves a pointer user alone', async () => {
    byId('done').focus();
    document.dispatchEvent(new Event('pointerdown'));
    byId('done').remove();
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves a focus someone already moved elsewhere', async () => {
    byId('done').focus();
    press();
    byId('text').focus();
    byId('done').remove();
    await settle();
    expect(document.activeElement?.id).toBe('text');
  });

  it('stops watching once stopped', async () => {
    stop();
    byId('done').focus();
    press();
    byId('done').remove();
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});

describe('keepFocus: a whole screen replaced', () => {
  it('gives the focus to the main region, where the next Tab starts the new screen', async () => {
    stop();
    document.body.innerHTML = '<main tabindex="-1"><section id="screen"><a id="row" href="/x">Fila</a></section></main>';
    stop = keepFocus();
    byId('row').focus();
    press();
    byId('screen').remove();
    await settle();
    expect(document.activeElement?.tagName).toBe('MAIN');
  });
});
