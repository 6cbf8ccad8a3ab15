// The checkout's delivery choices as the form holds them. A new shipping postcode looks up its
// dates after a pause (with JS); the date and frequency picked feed "What you're agreeing to".
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { LIMITS } from "~/config";
import { frequencyForRegion } from "~/delivery/frequencies";
import type { PostcodeLookup } from "~/delivery/lookup.server";
import { normalisePostcode } from "~/delivery/postcode";
import { useJsonLookup } from "~/utils/use-json-lookup";

export type ScheduleInput = {
  lookup: PostcodeLookup;
  draftPostcode: string;
  frequencies: { days: number; label: string }[];
  defaults: Record<string, unknown>;
};

export function useDeliverySchedule(p: ScheduleInput) {
  const hydrated = useHydrated();
  const schedule = useJsonLookup<{ lookup: PostcodeLookup }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [typedPostcode, setTypedPostcode] = useState(
    String((p.defaults.shipping as { postcode?: string })?.postcode ?? p.draftPostcode),
  );
  // the date and frequency as the form holds them (posted, or picked with JS)
  const [frequency, setFrequency] = useState(String(p.defaults.frequencyDays ?? ""));
  const [picked, setPicked] = useState<{ postcode: string; date: string } | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const typedKey = normalisePostcode(typedPostcode)?.display ?? null;
  const fetched = schedule.data?.lookup;
  const lookup =
    hydrated && fetched && fetched.status !== "invalid" && fetched.postcode === typedKey
      ? fetched
      : p.lookup;
  const ok = lookup.status === "ok" ? lookup : null;
  // the posted date and time are kept when they were picked from this postcode's choices (`datesFor`);
  // a new postcode starts with none (the loader's: the draft's, for its own postcode)
  const samePostcode = String(p.defaults.datesFor ?? p.draftPostcode) === ok?.postcode;
  const shownDate = samePostcode ? String(p.defaults.deliveryDate ?? "") : "";
  const heldDate = ok ? (picked?.postcode === ok.postcode ? picked.date : shownDate) : "";
  // only the frequencies the region delivers; one it can't is replaced by the nearest, and the shopper is told
  const fit = frequencyForRegion(
    ok ? { name: ok.region.name, everyWeeks: ok.region.schedule.everyWeeks } : null,
    p.frequencies.map((f) => f.days),
    Number(frequency) || null,
  );

  function onPostcodeChange(value: string) {
    setTypedPostcode(value);
    clearTimeout(timer.current);
    if (normalisePostcode(value)) {
      timer.current = setTimeout(
        () => schedule.load(`/api/delivery/schedule?postcode=${encodeURIComponent(value.trim())}`),
        LIMITS.postcodeLookupDebounceMs,
      );
    }
  }

  return {
    lookup,
    ok,
    samePostcode,
    shownDate,
    firstDate: ok?.dates.some((d) => d.value === heldDate) ? heldDate : null,
    fit,
    checking: hydrated && schedule.busy,
    onPostcodeChange,
    onDatePicked: (postcode: string, date: string) => setPicked({ postcode, date }),
    onFrequencyPicked: setFrequency,
  };
}

export type DeliverySchedule = ReturnType<typeof useDeliverySchedule>;
