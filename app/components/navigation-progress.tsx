import { useNavigation } from "react-router";

/**
 * A thin bar at the top while the next page loads (slow networks make a click feel
 * dead otherwise). Screen readers hear the busy state from aria-busy on <main>.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  return (
    <div
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-brand rtl:origin-right transition-transform duration-500 ${busy ? "scale-x-75" : "scale-x-0"}`}
    />
  );
}
