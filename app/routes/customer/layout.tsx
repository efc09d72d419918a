import { Outlet } from "react-router";

// The protected area of product rules §2. Every child route's loader and action checks the
// signed-in role itself (a layout's check would not guard a child's own data
// request), so the layout adds no check of its own.
export default function CustomerArea() {
  return <Outlet />;
}
