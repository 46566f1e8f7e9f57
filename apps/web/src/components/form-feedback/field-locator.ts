/** Finds the control a form field's error belongs to, so the error summary can link and move to it. */

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

function firstFocusable(root: Element): HTMLElement | null {
  if (root.matches(FOCUSABLE)) return root as HTMLElement;
  // A radio group: the checked radio, as the browser's own tab order does; otherwise the first.
  return (
    root.querySelector<HTMLElement>('input[type="radio"]:checked') ??
    root.querySelector<HTMLElement>(FOCUSABLE)
  );
}

const escapeName = (name: string) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(name) : name);

/**
 * The focusable control of field `name` in `form`: an element marked `data-field="name"` (a group or a
 * custom control), else the first visible control with that `name` (a hidden value input stands in for
 * the visible input beside it, as in Mantine's Select).
 */
export function locateField(form: ParentNode, name: string): HTMLElement | null {
  const marked = form.querySelector(`[data-field="${escapeName(name)}"]`);
  if (marked) return firstFocusable(marked);
  const named = [...form.querySelectorAll<HTMLElement>(`[name="${escapeName(name)}"]`)];
  const visible = named.find(
    (element) => !(element instanceof HTMLInputElement && element.type === 'hidden'),
  );
  if (visible) return firstFocusable(visible);
  const hidden = named[0];
  const wrapper = hidden?.closest('.mantine-InputWrapper-root') ?? hidden?.parentElement;
  return wrapper ? firstFocusable(wrapper) : null;
}

export interface LocatedError {
  name: string;
  message: string;
  /** The id of the field's control: the error summary links to it. */
  targetId?: string;
}

let generated = 0;

/**
 * Puts errors in reading order (document order of their controls; errors without a control last) and
 * gives each the id of its control.
 */
export function locateErrors(form: ParentNode, errors: { name: string; message: string }[]): LocatedError[] {
  const located = errors.map((error) => {
    const element = locateField(form, error.name);
    if (element && !element.id) element.id = `field-${++generated}`;
    return { ...error, element };
  });
  located.sort((a, b) => {
    if (!a.element || !b.element) return a.element ? -1 : b.element ? 1 : 0;
    return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return located.map(({ name, message, element }) => ({ name, message, targetId: element?.id }));
}
