// Markdown written into the docs' generated sections.

/** Text as one cell of a Markdown table: its pipes escaped, its white space (line breaks too) folded. */
export function tableCell(text: string) {
  return text.replaceAll('|', '\\|').replace(/\s+/g, ' ');
}
