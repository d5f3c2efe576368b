import type { ReactNode } from 'react';
import { StatusBarGlyphs } from './PhoneMarks';

/** A phone: bezel, dynamic island and status bar (its clock is the sandbox clock). */
export function PhoneFrame({ time, children }: { time: string; children: ReactNode }) {
  return (
    <div className="relative mx-auto w-full max-w-[390px] shrink-0 rounded-[3.2rem] bg-[#1b1f23] p-3 shadow-[0_30px_60px_-20px_rgba(15,23,42,0.45),0_0_0_1.5px_#3a3f45_inset]">
      <div className="pointer-events-none absolute top-24 -left-[3px] h-10 w-[3px] rounded-l bg-[#2b3036]" />
      <div className="pointer-events-none absolute top-40 -left-[3px] h-16 w-[3px] rounded-l bg-[#2b3036]" />
      <div className="pointer-events-none absolute top-32 -right-[3px] h-20 w-[3px] rounded-r bg-[#2b3036]" />
      <div className="relative flex h-[780px] flex-col overflow-hidden rounded-[2.55rem] bg-[#008069]">
        <div className="flex h-11 shrink-0 items-center justify-between px-7 pt-1.5 text-[14px] font-semibold text-white">
          <span className="tabular-nums">{time}</span>
          <span className="absolute top-2.5 left-1/2 h-[26px] w-[104px] -translate-x-1/2 rounded-full bg-black" />
          <StatusBarGlyphs />
        </div>
        <div className="min-h-0 flex-1 bg-white">{children}</div>
        <div className="flex h-5 shrink-0 items-center justify-center bg-[#f0f2f5]">
          <span className="h-1 w-32 rounded-full bg-slate-800/80" />
        </div>
      </div>
    </div>
  );
}
