import type { ReactNode } from "react";

/** A captioned table with column headings that scrolls sideways on a phone; rows come as children. */
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
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="w-full">
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

export const ROW_CLASS = "border-b border-line last:border-0";
