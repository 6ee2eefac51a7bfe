/** What a keyboard user can land on: enabled, in the tab order. */
const TABBABLE = [
  'a[href]',
  'button:not(:disabled)',
  'input:not(:disabled):not([type="hidden"])',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  '[tabindex]:not([tabindex="-1"])',
]
  .map((selector) => `${selector}:not([aria-hidden="true"])`)
  .join(',');

/** Marks the control (or the group whose first control) a focus lost nearby should land on, e.g. a list's search. */
export const FOCUS_LANDING = 'data-focus-landing';

/** The focused element and its ancestors, nearest first: what is left of them once the element has gone says where it was. */
type Trail = readonly Element[];

function trailOf(element: Element | null): Trail {
  const trail: Element[] = [];
  for (let at = element; at && at !== document.body; at = at.parentElement) trail.push(at);
  return trail;
}

const inDialog = (trail: Trail) => trail.some((element) => element.getAttribute('role') === 'dialog' || element.getAttribute('role') === 'alertdialog');

function firstTabbable(root: Element): HTMLElement | null {
  const candidates = [root, ...root.querySelectorAll(TABBABLE)].filter((el): el is HTMLElement => el instanceof HTMLElement && el.matches(TABBABLE));
  return candidates.find((el) => el.getClientRects().length > 0) ?? null;
}

/**
 * The nearest place still on the page: the element itself if it can still take the focus, else at each ancestor
 * left, a landing it holds or its first control. A whole screen gone (a link followed) leaves the main region, which
 * takes the focus itself: the next Tab starts at the top of the new screen.
 */
function landingFor(trail: Trail): HTMLElement | null {
  for (const ancestor of trail) {
    if (!ancestor.isConnected) continue;
    if (ancestor instanceof HTMLElement && ancestor.tagName === 'MAIN') return ancestor;
    const landings = ancestor.matches(`[${FOCUS_LANDING}]`) ? [ancestor] : [...ancestor.querySelectorAll(`[${FOCUS_LANDING}]`)];
    const target = landings.map(firstTabbable).find(Boolean) ?? firstTabbable(ancestor);
    if (target) return target;
  }
  return null;
}

/**
 * When the control a keyboard user is on goes away (an action done is no longer offered, a row leaves the list,
 * a send button is disabled once the text is sent, a dialog's opener is gone when it closes), the browser drops
 * the focus to the start of the page and the next Tab starts over. The focus goes instead to the nearest thing
 * left where it was. Pointer users are left alone (they have not lost their place), and so is a focus anyone
 * has already put somewhere else. Returns the function that stops watching.
 */
export function keepFocus(): () => void {
  let keyboard = false;
  let trail: Trail = [];
  // Where the focus was before a dialog took it: a dialog's controls go with it, its opener's place is what counts.
  let beforeDialog: Trail = [];
  const onKey = () => {
    keyboard = true;
  };
  const onPointer = () => {
    keyboard = false;
  };
  const onFocusIn = (event: FocusEvent) => {
    const next = trailOf(event.target instanceof Element ? event.target : null);
    if (inDialog(next) && !inDialog(trail)) beforeDialog = trail;
    trail = next;
  };
  const check = () => {
    if (!keyboard || trail.length === 0) return;
    const [lost] = trail;
    const gone = !lost.isConnected || lost.matches(':disabled');
    // Chrome moves the focus off a control disabled under it; other browsers leave it there, as useless.
    const active = document.activeElement;
    if (!gone || (active && active !== document.body && active !== lost)) return;
    const target = landingFor(inDialog(trail) && !lost.isConnected ? beforeDialog : trail);
    // Nothing left to land on (the page itself went): stop looking until the focus is somewhere again.
    if (target) target.focus();
    else trail = [];
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);
  document.addEventListener('focusin', onFocusIn);
  return () => {
    observer.disconnect();
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPointer, true);
    document.removeEventListener('focusin', onFocusIn);
  };
}
