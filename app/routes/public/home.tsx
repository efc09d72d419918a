import { Link, useRouteLoaderData } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import type { loader as rootLoader } from "~/root.tsx";

export const meta = () => [{ title: "Foodverse · Menus, branches and reviews" }];

export default function Home() {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 py-10 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">Explore menus or scan a QR code at your table</h1>
      <p className="text-lg text-muted">
        Foodverse puts every restaurant's menu, branches and reviews in one place.
      </p>
      {viewer ? (
        <p className="text-lg">Welcome back, {viewer.displayName}.</p>
      ) : (
        <div className="grid w-full gap-4 sm:grid-cols-2">
          <div className="flex flex-col items-center gap-3 rounded-xl bg-white p-6 shadow-sm">
            <h2 className="text-xl font-semibold">Are you a Customer?</h2>
            <p>Join now to explore food options near you!</p>
            <Link to="/signup/customersignup" className={buttonClass("primary")}>
              Join as a customer
            </Link>
          </div>
          <div className="flex flex-col items-center gap-3 rounded-xl bg-white p-6 shadow-sm">
            <h2 className="text-xl font-semibold">Are you a Restaurant?</h2>
            <p>Join now to avail our services for free!</p>
            <Link to="/signup/restaurantsignup" className={buttonClass("primary")}>
              Join as a restaurant
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
