import type { ReactNode } from "react";

/**
 * A captioned table with column headings. On a phone (under 48rem) each row becomes a
 * block of labelled lines (app.css `.stacked-table`: each Cell names its column), so
 * nothing is squeezed to a letter a line and no column is cut off.
 */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="rounded-xl bg-white shadow-sm md:overflow-x-auto">
      <table className="stacked-table w-full">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="p-3 text-start">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A cell of a DataTable row; `label` is its column's heading, shown above it on a phone. */
export function Cell({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td data-label={label} className={`p-3 ${className}`}>
      {children}
    </td>
  );
}

export const ROW_CLASS = "border-b border-line last:border-0";
