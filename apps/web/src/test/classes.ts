// jsdom applies no stylesheet: what a test can check of the look is the utilities an element carries.

/** The classes of `element` that match `pattern`, in order. */
export const classesMatching = (element: Element, pattern: RegExp) =>
  [...element.classList].filter((name) => pattern.test(name));

/** Its padding utilities (`p-5`, `px-5`, `py-10`…): two that set the same side fight. */
export const paddingClasses = (element: Element) => classesMatching(element, /^p[xytrbl]?-/);
