import { Link } from "@remix-run/react";
import { openLogin } from "~/client/events";

/** 登录: the login sheet with JavaScript, the /auth page (`authLink`) without it. */
export function LoginLink({ className, authLink }: { className: string; authLink: string }) {
  return (
    <Link
      className={className}
      to={authLink}
      onClick={(event) => {
        event.preventDefault();
        openLogin();
      }}
    >
      登录
    </Link>
  );
}
