// Server-rendered SVG charts: readable without JavaScript, printable, with a text equivalent for screen readers.
// One file a chart, so that a page's script carries only the charts it draws.

export type BarDatum = { label: string; value: number; display?: string; color?: string };

/** The chart's numbers as a table for screen readers (the SVG itself is hidden from them). */
export function ChartTable({ title, data, format }: { title: string; data: BarDatum[]; format: (d: BarDatum) => string }) {
  return (
    // The wrapper hides it: a table ignores a 1px height and would stretch the page below the footer.
    <div className="visually-hidden">
      <table>
        <caption>{title}</caption>
        <tbody>
          {data.map((d, i) => (
            <tr key={`${d.label}-${i}`}>
              <th scope="row">{d.label}</th>
              <td>{format(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
