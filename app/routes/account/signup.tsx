import { JOIN_TEXT, JoinCard } from "~/components/join-card.tsx";

export const meta = () => [{ title: "Sign up · Foodverse" }];

export default function SignupChooser() {
  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      <JoinCard {...JOIN_TEXT.customer} to="customersignup" action="Customer" level={1} />
      <JoinCard {...JOIN_TEXT.restaurant} to="restaurantsignup" action="Restaurant" />
    </div>
  );
}
