;; The perturbation loop of perturb.ts for a row of pixels, in WebAssembly: the same floating-point operations
;; in the same order, so every pixel gets bit for bit the numbers perturbedEscape() gives. The reference orbit,
;; the BLA table and the table's levels are copied into memory once per frame (perturb-row.ts).
;;
;; Memory: the orbit's Z as f64 pairs from byte 0; the BLA entries (A re, A im, B re, B im, R²) from $tableAt;
;; for each level k an i32 pair (first entry, entry count) at $levelsAt + 8k; results at $outAt: pixel i's
;; escape iteration (−1: inside) as an i32 at $outAt + 4i and its |z|² as an f64 at $r2At + 8i.
(module
  (memory (export "memory") 1)

  (func (export "perturbRow")
    (param $x0 i32) (param $step i32) (param $halfStep f64) (param $halfWidth f64) (param $scale f64)
    (param $dci f64) (param $width i32) (param $maxIterations i32)
    (param $last i32) (param $top i32) (param $tableAt i32) (param $levelsAt i32)
    (param $outAt i32) (param $r2At i32) (param $cycleTolerance2 f64)
    (local $i i32) (local $dcr f64) (local $dzr f64) (local $dzi f64) (local $m i32) (local $n i32)
    (local $k i32) (local $aligned i32) (local $found i32) (local $at i32) (local $o i32) (local $j i32)
    (local $index i32) (local $length i32) (local $skipped i32)
    (local $r2 f64) (local $zr f64) (local $zi f64) (local $nr f64)
    (local $ar f64) (local $ai f64) (local $br f64) (local $bi f64)
    (local $rebases i32) (local $renewAt i32) (local $savedAt i32) (local $savedR f64) (local $savedI f64)
    (local $er f64) (local $ei f64) (local $result i32) (local $resultR2 f64)
    (block $rowDone (loop $pixels
      (br_if $rowDone (i32.ge_s (local.get $i) (local.get $width)))
      ;; dcr = ((x0 + i) * step + step / 2 - width / 2) * scale, as render-deep.ts computes it.
      (local.set $dcr
        (f64.mul
          (f64.sub
            (f64.add (f64.convert_i32_s (i32.mul (i32.add (local.get $x0) (local.get $i)) (local.get $step)))
                     (local.get $halfStep))
            (local.get $halfWidth))
          (local.get $scale)))
      (local.set $dzr (f64.const 0))
      (local.set $dzi (f64.const 0))
      (local.set $m (i32.const 0))
      (local.set $n (i32.const 0))
      (local.set $rebases (i32.const 0))
      (local.set $renewAt (i32.const 1))
      (local.set $savedAt (i32.const -1))
      (local.set $savedR (f64.const 0))
      (local.set $savedI (f64.const 0))
      (local.set $result (i32.const -1))
      (local.set $resultR2 (f64.const 0))
      (block $pixelDone (loop $iterate
        (br_if $pixelDone (i32.ge_s (local.get $n) (local.get $maxIterations)))
        (local.set $skipped (i32.const 0))
        (if (i32.and (i32.gt_s (local.get $m) (i32.const 0)) (i32.ge_s (local.get $top) (i32.const 1)))
          (then
            (local.set $r2 (f64.add (f64.mul (local.get $dzr) (local.get $dzr))
                                    (f64.mul (local.get $dzi) (local.get $dzi))))
            (local.set $index (i32.sub (local.get $m) (i32.const 1)))
            (local.set $aligned
              (if (result i32) (i32.eqz (local.get $index))
                (then (local.get $top))
                (else (select (local.get $top) (i32.ctz (local.get $index))
                              (i32.lt_s (local.get $top) (i32.ctz (local.get $index)))))))
            (local.set $found (i32.const 0))
            (local.set $k (i32.const 1))
            (block $scanDone (loop $scan
              (br_if $scanDone (i32.gt_s (local.get $k) (local.get $aligned)))
              (local.set $j (i32.shr_s (local.get $index) (local.get $k)))
              (br_if $scanDone
                (i32.ge_s (local.get $j)
                          (i32.load offset=4 (i32.add (local.get $levelsAt) (i32.shl (local.get $k) (i32.const 3))))))
              (br_if $scanDone
                (i32.gt_s (i32.add (local.get $n) (i32.shl (i32.const 1) (local.get $k))) (local.get $maxIterations)))
              (local.set $o
                (i32.add (local.get $tableAt)
                  (i32.shl
                    (i32.add (i32.load (i32.add (local.get $levelsAt) (i32.shl (local.get $k) (i32.const 3))))
                             (i32.mul (local.get $j) (i32.const 5)))
                    (i32.const 3))))
              (br_if $scanDone (i32.eqz (f64.lt (local.get $r2) (f64.load offset=32 (local.get $o)))))
              (local.set $found (local.get $k))
              (local.set $at (local.get $o))
              (local.set $k (i32.add (local.get $k) (i32.const 1)))
              (br $scan)))
            (if (local.get $found)
              (then
                (local.set $ar (f64.load (local.get $at)))
                (local.set $ai (f64.load offset=8 (local.get $at)))
                (local.set $br (f64.load offset=16 (local.get $at)))
                (local.set $bi (f64.load offset=24 (local.get $at)))
                ;; nr = ar*dzr - ai*dzi + br*dcr - bi*dci
                (local.set $nr
                  (f64.sub
                    (f64.add
                      (f64.sub (f64.mul (local.get $ar) (local.get $dzr)) (f64.mul (local.get $ai) (local.get $dzi)))
                      (f64.mul (local.get $br) (local.get $dcr)))
                    (f64.mul (local.get $bi) (local.get $dci))))
                ;; dzi = ar*dzi + ai*dzr + br*dci + bi*dcr
                (local.set $dzi
                  (f64.add
                    (f64.add
                      (f64.add (f64.mul (local.get $ar) (local.get $dzi)) (f64.mul (local.get $ai) (local.get $dzr)))
                      (f64.mul (local.get $br) (local.get $dci)))
                    (f64.mul (local.get $bi) (local.get $dcr))))
                (local.set $dzr (local.get $nr))
                (local.set $length (i32.shl (i32.const 1) (local.get $found)))
                (local.set $m (i32.add (local.get $m) (local.get $length)))
                (local.set $n (i32.add (local.get $n) (local.get $length)))
                (local.set $skipped (i32.const 1))))))
        (if (i32.eqz (local.get $skipped))
          (then
            (local.set $zr (f64.load (i32.shl (local.get $m) (i32.const 4))))
            (local.set $zi (f64.load offset=8 (i32.shl (local.get $m) (i32.const 4))))
            ;; nr = 2 * (zr*dzr - zi*dzi) + dzr*dzr - dzi*dzi + dcr
            (local.set $nr
              (f64.add
                (f64.sub
                  (f64.add
                    (f64.mul (f64.const 2)
                      (f64.sub (f64.mul (local.get $zr) (local.get $dzr)) (f64.mul (local.get $zi) (local.get $dzi))))
                    (f64.mul (local.get $dzr) (local.get $dzr)))
                  (f64.mul (local.get $dzi) (local.get $dzi)))
                (local.get $dcr)))
            ;; dzi = 2 * (zr*dzi + zi*dzr + dzr*dzi) + dci
            (local.set $dzi
              (f64.add
                (f64.mul (f64.const 2)
                  (f64.add
                    (f64.add (f64.mul (local.get $zr) (local.get $dzi)) (f64.mul (local.get $zi) (local.get $dzr)))
                    (f64.mul (local.get $dzr) (local.get $dzi))))
                (local.get $dci)))
            (local.set $dzr (local.get $nr))
            (local.set $m (i32.add (local.get $m) (i32.const 1)))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (local.set $zr (f64.add (f64.load (i32.shl (local.get $m) (i32.const 4))) (local.get $dzr)))
        (local.set $zi (f64.add (f64.load offset=8 (i32.shl (local.get $m) (i32.const 4))) (local.get $dzi)))
        (local.set $r2 (f64.add (f64.mul (local.get $zr) (local.get $zr)) (f64.mul (local.get $zi) (local.get $zi))))
        (if (f64.gt (local.get $r2) (f64.const 65536))
          (then
            (local.set $result (i32.sub (local.get $n) (i32.const 1)))
            (local.set $resultR2 (local.get $r2))
            (br $pixelDone)))
        (if (i32.or
              (f64.lt (local.get $r2)
                      (f64.add (f64.mul (local.get $dzr) (local.get $dzr)) (f64.mul (local.get $dzi) (local.get $dzi))))
              (i32.eq (local.get $m) (local.get $last)))
          (then
            (if (i32.eq (local.get $m) (local.get $savedAt))
              (then
                (local.set $er (f64.sub (local.get $zr) (local.get $savedR)))
                (local.set $ei (f64.sub (local.get $zi) (local.get $savedI)))
                (br_if $pixelDone
                  (f64.le (f64.add (f64.mul (local.get $er) (local.get $er)) (f64.mul (local.get $ei) (local.get $ei)))
                          (f64.mul (local.get $cycleTolerance2) (local.get $r2))))))
            (local.set $rebases (i32.add (local.get $rebases) (i32.const 1)))
            (if (i32.eq (local.get $rebases) (local.get $renewAt))
              (then
                (local.set $renewAt (i32.shl (local.get $renewAt) (i32.const 1)))
                (local.set $savedAt (local.get $m))
                (local.set $savedR (local.get $zr))
                (local.set $savedI (local.get $zi))))
            (local.set $dzr (local.get $zr))
            (local.set $dzi (local.get $zi))
            (local.set $m (i32.const 0))))
        (br $iterate)))
      (i32.store (i32.add (local.get $outAt) (i32.shl (local.get $i) (i32.const 2))) (local.get $result))
      (f64.store (i32.add (local.get $r2At) (i32.shl (local.get $i) (i32.const 3))) (local.get $resultR2))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $pixels))))
)
