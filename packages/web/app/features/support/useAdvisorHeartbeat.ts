import { supportApi } from "@tianguis/domain/routes/support";
import { ADVISOR_HEARTBEAT_SECONDS } from "@tianguis/domain/rules/support";
import { useEffect } from "react";
import { api } from "../../lib/api/client";

/**
 * An advisor's open pages report them online (commerce-and-accounts §4: online while the last heartbeat is within
 * 5 minutes): once on load and every minute while the tab is visible; a hidden tab stops, so a forgotten tab does not
 * keep an absent advisor online for long.
 */
export function useAdvisorHeartbeat(isAdvisor: boolean) {
  useEffect(() => {
    if (!isAdvisor) return;
    const beat = () => {
      if (document.visibilityState === "visible") void api(supportApi.heartbeat).catch(() => undefined);
    };
    beat();
    const timer = setInterval(beat, ADVISOR_HEARTBEAT_SECONDS * 1000);
    document.addEventListener("visibilitychange", beat);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", beat);
    };
  }, [isAdvisor]);
}
