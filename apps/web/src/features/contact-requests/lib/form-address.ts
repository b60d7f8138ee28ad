/** D18: the public contact-request form of a manufacturer (the public pages' `/p/r/:manufacturerId`). */
export const formAddress = (origin: string, manufacturerId: string) =>
  `${origin}/p/r/${encodeURIComponent(manufacturerId)}`;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML that puts the form on the manufacturer's own website, as tall as the form usually is. */
export const embedSnippet = (address: string, title: string) =>
  `<iframe src="${attribute(address)}" title="${attribute(title)}" style="width:100%;min-height:640px;border:0" loading="lazy"></iframe>`;
