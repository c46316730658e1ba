// A file's size as the notices show it. Apart from the notices' rules (app/domain/notices.ts, which imports the
// operators' labels) so that the students' pages showing a notice's files do not carry those labels (docs/decisions/028).

/** '1.2MB', '340KB' */
export function fileSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}
