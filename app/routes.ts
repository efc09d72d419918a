import { index, route, type RouteConfig } from "@react-router/dev/routes";

// SPEC §2's table. The sources disagree on two names, so both spellings
// render the same screen (DESIGN §4.1). Screens are added by the issue that builds them.
export default [
  index("routes/public/home.tsx"),
  route("signup", "routes/account/signup.tsx"),
  route("signup/restaurantsignup", "routes/account/restaurant-signup.tsx"),
  route("signup/customersignup", "routes/account/customer-signup.tsx"),
  route("login", "routes/account/login.tsx", { id: "login" }),
  route("sign-in", "routes/account/login.tsx", { id: "sign-in" }),
  route("forgotpassword", "routes/account/forgot-password.tsx", { id: "forgotpassword" }),
  route("forgot-password", "routes/account/forgot-password.tsx", { id: "forgot-password" }),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("logout", "routes/account/logout.tsx"),
  route("profile/restaurant", "routes/restaurant/layout.tsx", [
    index("routes/restaurant/profile.tsx"),
    route("edit", "routes/restaurant/edit-profile.tsx"),
    route("qr.png", "routes/restaurant/qr-png.ts"),
    route("qr.svg", "routes/restaurant/qr-svg.ts"),
    route("addmenu", "routes/restaurant/menu/dashboard.tsx"),
    route("addmenu/addsection", "routes/restaurant/menu/add-section.tsx"),
    route("addmenu/sections", "routes/restaurant/menu/sections.tsx"),
    route("addmenu/sections/edit/:sectionId", "routes/restaurant/menu/edit-section.tsx"),
    route("addmenu/additems", "routes/restaurant/menu/add-item.tsx"),
    route("addmenu/items", "routes/restaurant/menu/items.tsx"),
    route("addmenu/items/edit/:id", "routes/restaurant/menu/edit-item.tsx"),
    route("mymenu", "routes/restaurant/menu/my-menu.tsx"),
    route("mymenu/:itemId", "routes/restaurant/menu/my-menu-item.tsx"),
  ]),
  route("profile/customer", "routes/customer/layout.tsx", [
    index("routes/customer/profile.tsx"),
    route("edit", "routes/customer/edit-profile.tsx"),
  ]),
  route("r/:restaurantName", "routes/public/restaurant.tsx"),
  route("r/:restaurantName/menu", "routes/public/menu.tsx"),
  route("r/:restaurantName/menu/:itemId", "routes/public/menu-item.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
