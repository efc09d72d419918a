import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";

export const meta = () => [{ title: "Sign up · Foodverse" }];

export default function SignupChooser() {
  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      <section className="flex flex-col items-start gap-3 rounded-xl bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Are you a Customer?</h1>
        <p>Join now to explore food options near you!</p>
        <Link to="customersignup" className={buttonClass("primary")}>
          Customer
        </Link>
      </section>
      <section className="flex flex-col items-start gap-3 rounded-xl bg-white p-6 shadow-sm">
        <h2 className="text-2xl font-bold">Are you a Restaurant?</h2>
        <p>Join now to avail our services for free!</p>
        <Link to="restaurantsignup" className={buttonClass("primary")}>
          Restaurant
        </Link>
      </section>
    </div>
  );
}
