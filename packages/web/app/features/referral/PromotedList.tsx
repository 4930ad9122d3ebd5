import { Anchor, Avatar, Button, Container, Group, Pagination, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { referralApi } from "@tianguis/domain/routes/referral";
import type { PromotedPersonView } from "@tianguis/domain/schemas/referral";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { notifyError } from "../../ui/notify";
import { promotedPerPage } from "./paging";
import { LoadingRows } from "./ReferralSkeleton";
import { dateTimeFormat } from "../../lib/intl";

/**
 * {base}/promoted (storefront-and-admin §2, §3 Promoted person): the people promoted under the shop's owner.
 * PromotedList opens one person's branch (PromotedLisLabel names it), OnlyChilds=false shows the whole branch.
 */
export function PromotedList({
  people,
  basePath,
  label,
  onlyChildren,
  page,
}: {
  people: { results: PromotedPersonView[]; matches_estimated: number };
  basePath: string;
  label: string | null;
  onlyChildren: boolean;
  page: number;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(people.matches_estimated / promotedPerPage));
  const go = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    navigate(`?${next}`);
  };
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} fz={{ base: "h2", sm: "h1" }}>
            {label ? `${t("promoted_title")}: ${label}` : t("promoted_title")}
          </Title>
          <Switch
            label={t("promoted_only_children")}
            checked={onlyChildren}
            onChange={(event) => go({ OnlyChilds: event.currentTarget.checked ? "true" : "false", page: null })}
          />
        </Group>
        {label && (
          <Anchor component={Link} to={`${basePath}/promoted`} size="sm">
            {t("promoted_back")}
          </Anchor>
        )}
        <LoadingRows pathPrefix={`${basePath}/promoted`}>
          {people.results.length === 0 ? (
            <Paper withBorder p="xl" radius="md">
              <Text ta="center" c="dimmed">
                {t("promoted_empty")}
              </Text>
            </Paper>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {people.results.map((person) => (
                <PromotedRow key={person.id} person={person} basePath={basePath} />
              ))}
            </Stack>
          )}
        </LoadingRows>
        {pages > 1 && <Pagination total={pages} value={page} onChange={(next) => go({ page: String(next) })} />}
      </Stack>
    </Container>
  );
}

function PromotedRow({ person, basePath }: { person: PromotedPersonView; basePath: string }) {
  const t = useT();
  const locale = useLocale();
  const user = useUser();
  const [following, setFollowing] = useState(person.state_follow);
  const [loading, setLoading] = useState(false);
  const branch = `${basePath}/promoted?${new URLSearchParams({ PromotedList: person.id, PromotedLisLabel: person.name })}`;
  const since = dateTimeFormat(locale === "en" ? "en-US" : locale === "es-AR" ? "es-AR" : "es-MX", { dateStyle: "medium" }).format(
    new Date(person.updated_at),
  );

  // Toggles at once with a loading state; a failed call puts the previous state back (§4 follow / unfollow).
  const toggle = async () => {
    const was = following;
    setFollowing(!was);
    setLoading(true);
    try {
      await api(was ? referralApi.unfollow : referralApi.follow, { params: { userId: person.id } });
    } catch (failure) {
      setFollowing(was);
      notifyError(t("follow_error_title"), null, t("follow_error"));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={person.image} alt="" radius="xl" name={person.name} variant="filled" color="dark" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {person.name}
            </Text>
            <Text size="xs" c="dimmed">
              {since}
              {person.children > 0 && (
                <>
                  {" · "}
                  <Anchor component={Link} to={branch} size="xs" underline="always">
                    {t("promoted_children", { count: person.children })}
                  </Anchor>
                </>
              )}
            </Text>
          </Stack>
        </Group>
        {user && user.id !== person.id && (
          <Button
            size="xs"
            variant={following ? "light" : "filled"}
            loading={loading}
            onClick={toggle}
            aria-pressed={following}
            aria-label={`${t(following ? "unfollow" : "follow")}: ${person.name}`}
          >
            {t(following ? "following" : "follow")}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
