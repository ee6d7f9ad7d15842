import { useFetcher } from "@remix-run/react";
import { HiddenFields } from "~/components/hidden-fields";
import { PersonalSlot } from "~/components/personal-slot";
import { useLoginPrompt, useRefusal, type InteractionAnswer } from "~/hooks/use-login-prompt";
import { usePersonal, type Personal } from "~/hooks/use-personal";

type Props = {
  mp: string;
  personal: Personal<{ isFollowed: boolean }>;
  /** Why the page's follow posted without JavaScript was refused. */
  refused?: string;
};

export function FollowButton(props: Props) {
  return (
    <PersonalSlot name="follow">
      <FollowForm {...props} />
    </PersonalSlot>
  );
}

function FollowForm({ mp, personal, refused }: Props) {
  const { isFollowed } = usePersonal(personal);
  const follow = useFetcher<InteractionAnswer>();
  useLoginPrompt(follow.data);
  const refusal = useRefusal(follow, refused);
  return (
    <follow.Form method="post" className="follow" preventScrollReset>
      <HiddenFields js fields={{ mp, type: isFollowed ? "del" : "add" }} />
      <button
        className={isFollowed ? "follow__button follow__button--on" : "follow__button"}
        type="submit"
        name="intent"
        value="follow"
        aria-pressed={isFollowed}
      >
        {isFollowed ? "已关注" : "+ 关注"}
      </button>
      {refusal ? (
        <span className="follow__error" role="alert">
          {refusal}
        </span>
      ) : null}
    </follow.Form>
  );
}
