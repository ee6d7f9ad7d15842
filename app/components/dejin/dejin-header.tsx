import { NavLink } from "@remix-run/react";
import { dejinPaths } from "~/lib/dejin-paths";

/** The dejin layout's header: the area's name and its two entry pages. */
export function DejinHeader() {
  const tab = ({ isActive }: { isActive: boolean }) => (isActive ? "tabs__item tabs__item--active" : "tabs__item");
  return (
    <header className="dejin-header">
      <p className="dejin-header__name">大目爆料</p>
      <nav className="tabs dejin-header__tabs" aria-label="爆料">
        <NavLink className={tab} to={dejinPaths.content()}>
          最新爆料
        </NavLink>
        <NavLink className={tab} to={dejinPaths.catalog()}>
          爆料话题
        </NavLink>
      </nav>
    </header>
  );
}
