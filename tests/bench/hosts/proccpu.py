"""CPU seconds and wake-ups of the master and worker JVMs of tests/bench/hosts/cpu-ab's runs.

proccpu.py watch <work dir>: every 0.1 s until <work dir>/cpu.stop exists, reads /proc for the java
processes whose command line names <work dir> (the master runs bench.Main, a worker WorkerMain):
utime+stime of each process and of each thread, and each thread's voluntary context switches
(its wake-ups after blocking); writes <work dir>/cpu.json.
proccpu.py report <work dir>: joins them with HostAB's RUN/END lines (<work dir>/out.txt) and the
workers' -XX:+CITime output in their logs; prints per run, then per variant the medians.
"""
import collections, glob, json, os, re, statistics, sys, time

TICK = os.sysconf('SC_CLK_TCK')
THREADS = [('master-link-io', 'master-link-io'), ('compute-execut', 'compute-executors'), ('master-io', 'master-io'),
           ('braid-core', 'braid-core'), ('C1 Compiler', 'C1 compiler'), ('C2 Compiler', 'C2 compiler')]


def cpu(stat_path):
    f = open(stat_path).read().rsplit(')', 1)[1].split()
    return (int(f[11]) + int(f[12])) / TICK


def watch(work):
    procs, threads = {}, {}
    while not os.path.exists(os.path.join(work, 'cpu.stop')):
        for pid in filter(str.isdigit, os.listdir('/proc')):
            try:
                cmd = open(f'/proc/{pid}/cmdline', 'rb').read().replace(b'\0', b' ').decode(errors='replace')
                if os.path.basename(cmd.split(' ', 1)[0]) != 'java' or work not in cmd:
                    continue  # not a JVM (the ssh client and the remote shell name the worker too) or not this bench's
                kind = 'worker' if 'WorkerMain' in cmd else 'master' if 'bench.Main' in cmd else None
                if not kind:
                    continue
                first = procs.get(pid, (kind, time.time() * 1000, 0))[1]
                procs[pid] = (kind, first, cpu(f'/proc/{pid}/stat'))
                for tid in os.listdir(f'/proc/{pid}/task'):
                    t = f'/proc/{pid}/task/{tid}'
                    name = re.sub(r'[0-9#]+$', '', open(t + '/comm').read().strip())
                    woke = int(re.search(r'^voluntary_ctxt_switches:\s+(\d+)', open(t + '/status').read(), re.M).group(1))
                    threads[pid + '/' + tid] = (pid, name, cpu(t + '/stat'), woke)
            except (OSError, AttributeError, IndexError):
                pass  # the process or thread ended meanwhile
        time.sleep(0.1)
    json.dump({'procs': procs, 'threads': threads}, open(os.path.join(work, 'cpu.json'), 'w'))


def report(work):
    data = json.load(open(os.path.join(work, 'cpu.json')))
    runs, cur = [], {}
    for line in open(os.path.join(work, 'out.txt')):
        f = line.split()
        if f[0] == 'RUN':
            cur = {'name': f[1], 'round': f[2], 't0': int(f[3]), 'tp': 0.0}
        elif f[0] == 'END':
            cur['t1'] = int(f[3])
            runs.append(cur)
        elif len(f) > 4 and f[2] == 'RESULT' and f[3] == 'throughput':
            cur['tp'] = float(f[4])
    rows = collections.defaultdict(lambda: collections.defaultdict(list))
    for r in runs:
        row = {'tasks/s': r['tp']}
        pids = {}
        for pid, (kind, first, c) in data['procs'].items():
            if r['t0'] <= first <= r['t1']:
                pids[pid] = kind
                row[kind + ' CPU s'] = row.get(kind + ' CPU s', 0) + c
        for pid, name, c, woke in data['threads'].values():
            # thread names as /proc has them: cut to 15 characters, pool numbers dropped above
            label = next((label for prefix, label in THREADS if name.startswith(prefix)), None)
            if pid in pids and label:
                key = pids[pid] + ' ' + label
                row[key + ' s'] = row.get(key + ' s', 0) + c
                row[key + ' kwakeups'] = row.get(key + ' kwakeups', 0) + woke / 1000
        for log in glob.glob(os.path.join(work, 'logs-%s-%s' % (r['name'], r['round']), '*', 'workers', '*.log')):
            for m in re.finditer(r'^\s+C([12]) Compile Time:\s+([\d.]+) s', open(log, errors='replace').read(), re.M):
                row['workers C%s (CITime) s' % m.group(1)] = row.get('workers C%s (CITime) s' % m.group(1), 0) + float(m.group(2))
        print(r['name'], r['round'], ' '.join('%s=%.2f' % kv for kv in sorted(row.items())))
        for k, v in row.items():
            rows[r['name']][k].append(v)
    print()
    for v in sorted({n.split('-')[0] for n in rows}):
        one, four = rows[v + '-one'], rows[v + '-four']
        ratios = [b / a for a, b in zip(one['tasks/s'], four['tasks/s']) if a]
        print('%s: ratio 4 hosts / 1 host %.3f (%s)' % (v, statistics.median(ratios), ' '.join('%.3f' % x for x in ratios)))
        for k in sorted(set(one) | set(four)):
            med = lambda l: '%.2f' % statistics.median(l) if l else '-'
            print('  %-32s 1 host %8s   4 hosts %8s' % (k, med(one.get(k, [])), med(four.get(k, []))))


if __name__ == '__main__':
    {'watch': watch, 'report': report}[sys.argv[1]](os.path.abspath(sys.argv[2]))
