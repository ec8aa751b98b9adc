#!/usr/bin/env bash
# A single-node Kubernetes cluster on this machine, from real components:
# etcd, kube-apiserver, kube-controller-manager and kube-scheduler on the host;
# containerd, the kubelet and kube-proxy inside a network namespace of their own
# ("the node"), joined to the host by a veth pair; CoreDNS as a pod; pods on a
# CNI bridge inside the node's namespace. Nothing is downloaded but Debian's
# containerd, runc and CNI plugins (installed when missing) and the Go modules
# the binaries are built from (hack/node-bins.sh).
#
#   hack/cluster/cluster.sh up [image archives...]   start, load images, print `export KUBECONFIG=…` last
#   hack/cluster/cluster.sh load <archive...>        import more images into the node
#   hack/cluster/cluster.sh tag <image> <new name>   give a loaded image another name (an "upgrade")
#   hack/cluster/cluster.sh status                   exit 0 when a cluster is up and its node Ready
#   hack/cluster/cluster.sh down                     stop everything and undo every change `up` made
#   hack/cluster/cluster.sh leftovers                what `up` added that is still there (empty when clean)
#
# Why a network namespace for the node: every iptables rule kube-proxy and the
# CNI plugins write, the bridge, the pods' veths and the sysctls they need live
# in it, so the host's own rules and routes are never touched, and deleting the
# namespace takes all of them away at once. The host reaches the node and the
# Service and pod ranges through routes over the veth, which vanish with it.
#
# Settings (environment): CLUSTER_NAME (paryatan), CLUSTER_DATA
# (/var/lib/paryatan-cluster), CLUSTER_RUN (/run/paryatan-cluster), and the
# address ranges below. Needs root (namespaces, mounts, containerd).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/hack/cluster"

name=${CLUSTER_NAME:-paryatan}
data=${CLUSTER_DATA:-/var/lib/$name-cluster}
run=${CLUSTER_RUN:-/run/$name-cluster}
netns="$name-node"
node="$name-node"
# The link between host and node: a /30 on the veth pair.
host_ip=${CLUSTER_HOST_IP:-172.31.250.1}
node_ip=${CLUSTER_NODE_IP:-172.31.250.2}
link_host="${name:0:8}-host"
link_node="${name:0:8}-node"
pod_cidr=${CLUSTER_POD_CIDR:-10.247.0.0/16}
service_cidr=${CLUSTER_SERVICE_CIDR:-10.246.0.0/16}
dns_ip=${CLUSTER_DNS_IP:-10.246.0.10}
bridge="${name:0:8}0"
etcd_port=${CLUSTER_ETCD_PORT:-23790}
api="https://$host_ip:6443"
kubeconfig="$data/kubeconfig"
logs="$data/logs"

# Images the node needs besides the product's: the pod sandbox ("pause"),
# CoreDNS and PostgreSQL, built by hack/images from local binaries.
pause_image=paryatan.local/pause:3.10
coredns_image=paryatan.local/coredns:$(cd "$root/hack/coredns" && go list -m -f '{{.Version}}' github.com/coredns/coredns)

log() { printf '%s cluster: %s\n' "$(date +%T)" "$*" >&2; }
die() { log "$*"; exit 1; }

need_root() { [[ $(id -u) -eq 0 ]] || die "run as root (network namespaces, mounts and containerd need it)"; }

# innode runs a command inside the node's network namespace only (not a new
# mount namespace, as `ip netns exec` would make: the kubelet's mounts must be
# the ones containerd sees).
innode() { nsenter --net="/run/netns/$netns" "$@"; }

ctr_() { ctr --address "$run/containerd.sock" --namespace k8s.io "$@"; }
kubectl_() { "$bins/kubectl" --kubeconfig "$kubeconfig" "$@"; }

install_runtime() {
	local missing=()
	command -v containerd >/dev/null || missing+=(containerd)
	command -v runc >/dev/null || missing+=(runc)
	[[ -x /usr/lib/cni/bridge ]] || missing+=(containernetworking-plugins)
	command -v iptables >/dev/null || missing+=(iptables)
	command -v conntrack >/dev/null || missing+=(conntrack)
	command -v openssl >/dev/null || missing+=(openssl)
	((${#missing[@]})) || return 0
	log "installing ${missing[*]} from Debian's packages"
	DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# snapshot records what the machine looks like before `up`, so `down` and
# `leftovers` can tell what the cluster added.
snapshot() { # snapshot <file-prefix>
	ip netns list | awk '{print $1}' | sort >"$1.netns"
	ip -o link show | awk -F': ' '{print $2}' | sed 's/@.*//' | sort >"$1.links"
	awk '{print $5}' /proc/self/mountinfo | sort >"$1.mounts"
	{ iptables-save 2>/dev/null || true; } | sed -e '/^#/d' -e 's/\[[0-9]*:[0-9]*\]//' | sort >"$1.iptables"
	ip route show | sort >"$1.routes"
	ls -d /run/containerd /var/lib/cni /var/log/containers /var/log/pods /etc/cni 2>/dev/null | sort >"$1.paths" || true
}

cluster_pids() { # every process of the cluster: its own daemons, the shims, the pods
	local f p
	for f in "$run"/*.pid; do
		[[ -f $f ]] && p=$(cat "$f") && kill -0 "$p" 2>/dev/null && echo "$p"
	done
	pgrep -f -- "-address $run/containerd.sock" || true
	local cg
	for cg in /sys/fs/cgroup/*/kubepods; do
		[[ -d $cg ]] && find "$cg" -name cgroup.procs -exec cat {} + 2>/dev/null
	done
	return 0
}

# ---------------------------------------------------------------------------

certs() {
	local pki="$data/pki"
	mkdir -p "$pki"
	(
		cd "$pki"
		openssl genrsa -out ca.key 2048 2>/dev/null
		openssl req -x509 -new -key ca.key -subj "/CN=$name-ca" -days 30 -out ca.crt 2>/dev/null
		cat >apiserver.ext <<-EOF
			subjectAltName=IP:$host_ip,IP:127.0.0.1,IP:${service_cidr%.*/*}.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local
			extendedKeyUsage=serverAuth
		EOF
		openssl genrsa -out apiserver.key 2048 2>/dev/null
		openssl req -new -key apiserver.key -subj "/CN=kube-apiserver" -out apiserver.csr 2>/dev/null
		openssl x509 -req -in apiserver.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 30 \
			-extfile apiserver.ext -out apiserver.crt 2>/dev/null
		# The API server's client certificate towards the kubelet (logs, exec, port-forward).
		printf 'extendedKeyUsage=clientAuth\n' >client.ext
		openssl genrsa -out apiserver-kubelet.key 2048 2>/dev/null
		openssl req -new -key apiserver-kubelet.key -subj "/O=system:masters/CN=kube-apiserver-kubelet-client" \
			-out apiserver-kubelet.csr 2>/dev/null
		openssl x509 -req -in apiserver-kubelet.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 30 \
			-extfile client.ext -out apiserver-kubelet.crt 2>/dev/null
		openssl genrsa -out sa.key 2048 2>/dev/null
		openssl rsa -in sa.key -pubout -out sa.pub 2>/dev/null
		rm -f ./*.csr ./*.ext ca.srl
	)
	# Client identities are bearer tokens (the shortest auth the API server
	# takes), new on every run.
	local t
	: >"$pki/tokens.csv"
	for who in admin:system:masters controller-manager:system:masters scheduler: kubelet:system:nodes kube-proxy:; do
		t=$(openssl rand -hex 24)
		local id=${who%%:*} group=${who#*:} user
		case $id in
		admin) user=admin ;;
		controller-manager) user=system:kube-controller-manager ;;
		scheduler) user=system:kube-scheduler ;;
		kubelet) user=system:node:$node ;;
		kube-proxy) user=system:kube-proxy ;;
		esac
		printf '%s,%s,%s,"%s"\n' "$t" "$user" "$id" "$group" >>"$pki/tokens.csv"
		write_kubeconfig "$data/$id.kubeconfig" "$user" "$t"
	done
	cp "$data/admin.kubeconfig" "$kubeconfig"
}

write_kubeconfig() { # write_kubeconfig <file> <user> <token>
	cat >"$1" <<-EOF
		apiVersion: v1
		kind: Config
		clusters:
		- name: $name
		  cluster:
		    server: $api
		    certificate-authority-data: $(base64 -w0 <"$data/pki/ca.crt")
		users:
		- name: $2
		  user:
		    token: $3
		contexts:
		- name: $name
		  context: {cluster: $name, user: "$2"}
		current-context: $name
	EOF
	chmod 600 "$1"
}

start() { # start <name> <command...>: a daemon in its own session, logging to logs/<name>.log
	local n=$1
	shift
	setsid "$@" </dev/null >>"$logs/$n.log" 2>&1 &
	echo $! >"$run/$n.pid"
}

wait_for() { # wait_for <seconds> <what> <command...>
	local secs=$1 what=$2 i
	shift 2
	for ((i = 0; i < secs * 2; i++)); do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.5
	done
	die "$what not ready after ${secs}s (logs in $logs)"
}

network() {
	ip netns add "$netns"
	ip link add "$link_host" type veth peer name "$link_node" netns "$netns"
	ip addr add "$host_ip/30" dev "$link_host"
	ip link set "$link_host" up
	innode ip addr add "$node_ip/30" dev "$link_node"
	innode ip link set "$link_node" up
	innode ip link set lo up
	innode ip route add default via "$host_ip"
	# The host reaches Services and pods through the node; both routes go
	# with the veth when the namespace is deleted.
	ip route add "$service_cidr" via "$node_ip" dev "$link_host"
	ip route add "$pod_cidr" via "$node_ip" dev "$link_host"
	innode sysctl -qw net.ipv4.ip_forward=1 net.bridge.bridge-nf-call-iptables=1 \
		net.ipv4.conf.all.route_localnet=1
}

containerd_up() {
	mkdir -p "$data/containerd" "$run/containerd" "$data/cni/net.d" "$data/cni/ipam"
	containerd config default >"$data/containerd.toml.default"
	# Three settings differ from the defaults (see docs/operations.md): the
	# sandbox image is the local pause image; the CNI plugins are Debian's; and
	# restrict_oom_score_adj, because this VM refuses the negative
	# oom_score_adj the kubelet asks for on every sandbox. The rest keeps
	# containerd's state under this cluster's directories.
	sed -e "s|^root = .*|root = \"$data/containerd\"|" \
		-e "s|^state = .*|state = \"$run/containerd\"|" \
		-e "s|^  address = \"/run/containerd/containerd.sock\"|  address = \"$run/containerd.sock\"|" \
		-e "s|sandbox_image = .*|sandbox_image = \"$pause_image\"|" \
		-e "s|restrict_oom_score_adj = .*|restrict_oom_score_adj = true|" \
		-e "s|^\(\s*\)bin_dir = .*|\1bin_dir = \"/usr/lib/cni\"|" \
		-e "s|^\(\s*\)conf_dir = .*|\1conf_dir = \"$data/cni/net.d\"|" \
		-e "s|^\(\s*\)Root = \"\"|\1Root = \"$run/runc\"|" \
		-e "s|netns_mounts_under_state_dir = .*|netns_mounts_under_state_dir = true|" \
		-e "s|path = \"/opt/containerd\"|path = \"$data/opt\"|" \
		"$data/containerd.toml.default" >"$data/containerd.toml"
	grep -q "restrict_oom_score_adj = true" "$data/containerd.toml" || die "containerd's default config changed shape"
	cat >"$data/cni/net.d/10-$name.conflist" <<-EOF
		{
		  "cniVersion": "1.0.0",
		  "name": "$name",
		  "plugins": [
		    {
		      "type": "bridge", "bridge": "$bridge", "isGateway": true, "ipMasq": true, "hairpinMode": true,
		      "ipam": {"type": "host-local", "dataDir": "$data/cni/ipam",
		               "ranges": [[{"subnet": "$pod_cidr"}]], "routes": [{"dst": "0.0.0.0/0"}]}
		    },
		    {"type": "portmap", "capabilities": {"portMappings": true}}
		  ]
		}
	EOF
	start containerd nsenter --net="/run/netns/$netns" containerd --config "$data/containerd.toml"
	wait_for 30 containerd ctr --address "$run/containerd.sock" version
}

control_plane() {
	mkdir -p "$data/etcd"
	start etcd "$bins/etcd" --name "$name" --data-dir "$data/etcd" \
		--listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
		--listen-peer-urls "http://127.0.0.1:$((etcd_port + 1))" \
		--initial-advertise-peer-urls "http://127.0.0.1:$((etcd_port + 1))" \
		--initial-cluster "$name=http://127.0.0.1:$((etcd_port + 1))" \
		--listen-metrics-urls "" --log-level warn
	local pki="$data/pki"
	start kube-apiserver "$bins/kube-apiserver" \
		--etcd-servers "http://127.0.0.1:$etcd_port" \
		--bind-address "$host_ip" --advertise-address "$host_ip" --secure-port 6443 \
		--cert-dir "$pki" --tls-cert-file "$pki/apiserver.crt" --tls-private-key-file "$pki/apiserver.key" \
		--client-ca-file "$pki/ca.crt" --token-auth-file "$pki/tokens.csv" \
		--authorization-mode Node,RBAC --allow-privileged=true \
		--service-cluster-ip-range "$service_cidr" \
		--service-account-issuer https://kubernetes.default.svc.cluster.local \
		--service-account-key-file "$pki/sa.pub" --service-account-signing-key-file "$pki/sa.key" \
		--kubelet-client-certificate "$pki/apiserver-kubelet.crt" --kubelet-client-key "$pki/apiserver-kubelet.key" \
		--kubelet-preferred-address-types InternalIP \
		--enable-priority-and-fairness=false --v 1
	wait_for 90 kube-apiserver kubectl_ get --raw /readyz
	start kube-controller-manager "$bins/kube-controller-manager" \
		--kubeconfig "$data/controller-manager.kubeconfig" \
		--controllers '*,-nodeipam' --leader-elect=false --secure-port 0 \
		--service-account-private-key-file "$pki/sa.key" --root-ca-file "$pki/ca.crt" \
		--cluster-name "$name" --v 1
	start kube-scheduler "$bins/kube-scheduler" \
		--kubeconfig "$data/scheduler.kubeconfig" --leader-elect=false --secure-port 0 --v 1
}

node_up() {
	mkdir -p "$data/kubelet" "$data/pod-logs"
	cat >"$data/kubelet.yaml" <<-EOF
		apiVersion: kubelet.config.k8s.io/v1beta1
		kind: KubeletConfiguration
		authentication:
		  anonymous: {enabled: false}
		  webhook: {enabled: true}
		  x509: {clientCAFile: "$data/pki/ca.crt"}
		authorization: {mode: Webhook}
		# The VM has cgroup v1 and swap; the kubelet accepts both when asked.
		cgroupDriver: cgroupfs
		failCgroupV1: false
		failSwapOn: false
		containerRuntimeEndpoint: unix://$run/containerd.sock
		clusterDNS: ["$dns_ip"]
		clusterDomain: cluster.local
		resolvConf: "$data/resolv.conf"
		podLogsDir: "$data/pod-logs"
		address: "$node_ip"
		healthzBindAddress: 127.0.0.1
		readOnlyPort: 0
		serializeImagePulls: false
		# Local images only: nothing may be garbage-collected out from under a test.
		imageGCHighThresholdPercent: 100
		imageGCLowThresholdPercent: 99
		evictionHard: {"memory.available": "200Mi", "nodefs.available": "2%", "imagefs.available": "2%"}
	EOF
	# Pods that ask for the node's resolver get an empty one: the cluster's
	# traffic stays on this machine.
	printf 'nameserver 127.0.0.1\noptions ndots:1\n' >"$data/resolv.conf"
	start kubelet nsenter --net="/run/netns/$netns" "$bins/kubelet" --config "$data/kubelet.yaml" \
		--kubeconfig "$data/kubelet.kubeconfig" --root-dir "$data/kubelet" \
		--hostname-override "$node" --node-ip "$node_ip" --v 1
	cat >"$data/kube-proxy.yaml" <<-EOF
		apiVersion: kubeproxy.config.k8s.io/v1alpha1
		kind: KubeProxyConfiguration
		mode: iptables
		clientConnection: {kubeconfig: "$data/kube-proxy.kubeconfig"}
		hostnameOverride: "$node"
		clusterCIDR: "$pod_cidr"
		iptables: {masqueradeAll: true}
		metricsBindAddress: 127.0.0.1:10249
		healthzBindAddress: 127.0.0.1:10256
		# Conntrack limits are the host's, not this namespace's to change.
		conntrack: {maxPerCore: 0, min: 0, tcpEstablishedTimeout: 0s, tcpCloseWaitTimeout: 0s}
	EOF
	start kube-proxy nsenter --net="/run/netns/$netns" "$bins/kube-proxy" --config "$data/kube-proxy.yaml" --v 1
	wait_for 120 "node $node" node_ready
}

node_ready() {
	[[ $(kubectl_ get node "$node" -o 'jsonpath={.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null) == True ]]
}

images_up() { # build and import the node's own images, then any archives given
	local out="$root/bin/cluster-images" pg=/usr/lib/postgresql/15
	[[ -x $pg/bin/postgres ]] || die "PostgreSQL 15's server ($pg) is needed for the cluster's database image: apt-get install postgresql-15"
	(
		cd "$root"
		local b=(go run ./hack/images -out "$out" -registry paryatan.local)
		"${b[@]}" -name pause -tag "${pause_image##*:}" -pkg ./hack/images/pause \
			-description "The pod sandbox: waits for a signal"
		"${b[@]}" -name coredns -tag "${coredns_image##*:}" -binary "$bins/coredns" \
			-port 1053/udp -port 1053/tcp -description "CoreDNS, the cluster's DNS" -- -conf /etc/coredns/Corefile
		# PostgreSQL from this machine's Debian packages, with the shared
		# libraries its programs need (hack/images resolves them), and a
		# shell: initdb runs postgres through popen. It stops on SIGINT,
		# PostgreSQL's fast shutdown: SIGTERM's smart one waits for every
		# client (the API's pools) to leave, until the kubelet kills it.
		"${b[@]}" -name postgres -tag 15 -pkg ./hack/images/pgentry -port 5432 \
			-add "$pg/bin/*" -add "$pg/lib" -add /usr/share/postgresql/15 -add /usr/share/zoneinfo \
			-add /bin/sh \
			-exclude "$pg/lib/llvmjit*" -exclude "$pg/lib/bitcode" -exclude "$pg/lib/pgxs" \
			-dir /var/lib/postgresql/data -stop-signal SIGINT \
			-env "PATH=$pg/bin:/usr/local/bin:/usr/bin:/bin" -env PGDATA=/var/lib/postgresql/data/pgdata \
			-description "PostgreSQL 15 for the local cluster"
	) >&2
	load "$out/pause.tar" "$out/coredns.tar" "$out/postgres.tar" "$@"
}

load() { # import image archives (docker-archive or OCI) into the node
	local f
	for f in "$@"; do
		[[ -f $f ]] || die "no image archive $f"
		ctr_ images import --no-unpack=false "$f" >&2
	done
}

addons() {
	sed -e "s|@DNS_IP@|$dns_ip|" -e "s|@COREDNS_IMAGE@|$coredns_image|" "$here/coredns.yaml" | kubectl_ apply -f - >&2
	# Local volumes for StatefulSets (PostgreSQL): a storage class of
	# directories on the node, each bound once.
	local i vols=""
	for i in 1 2 3 4 5 6; do
		mkdir -p "$data/volumes/pv$i"
		chmod 0777 "$data/volumes/pv$i"
		vols+=$(sed -e "s|@NAME@|$name-pv$i|" -e "s|@PATH@|$data/volumes/pv$i|" -e "s|@NODE@|$node|" "$here/volume.yaml")$'\n---\n'
	done
	kubectl_ apply -f "$here/storageclass.yaml" >&2
	printf '%s' "$vols" | kubectl_ apply -f - >&2
	wait_for 120 CoreDNS kubectl_ -n kube-system rollout status deploy/coredns --timeout 5s
}

up() {
	need_root
	if status; then
		log "already up"
		[[ $# -eq 0 ]] || load "$@"
		echo "export KUBECONFIG=$kubeconfig"
		return 0
	fi
	if [[ -e /run/netns/$netns || -d $run ]]; then
		# A cluster whose processes are gone (a machine restarted, a run
		# killed) but whose namespace, mounts or directories remain.
		log "clearing what a previous cluster left"
		down
	fi
	install_runtime
	bins=$("$root/hack/node-bins.sh")
	rm -rf "$data"
	mkdir -p "$data" "$run" "$logs"
	snapshot "$data/before"
	# Any failure from here on takes down what was started.
	trap 'rc=$?; if ((rc)); then log "start failed; bringing it down"; down >&2 || true; fi' EXIT
	certs
	network
	containerd_up
	images_up "$@"
	control_plane
	node_up
	addons
	trap - EXIT
	log "node $node Ready; API server $api"
	echo "export KUBECONFIG=$kubeconfig"
}

status() {
	[[ -f $kubeconfig && -e /run/netns/$netns ]] || return 1
	bins=${bins:-$("$root/hack/node-bins.sh")}
	node_ready
}

down() {
	need_root
	local pids
	# The kubelet first, so nothing restarts what follows; then every pod's
	# processes, the shims, containerd and the control plane.
	for n in kubelet kube-proxy; do kill_pidfile "$n"; done
	for _ in 1 2 3; do
		pids=$(cluster_pids | sort -u)
		[[ -n $pids ]] || break
		# shellcheck disable=SC2086
		kill -TERM $pids 2>/dev/null || true
		sleep 1
		# shellcheck disable=SC2086
		kill -KILL $pids 2>/dev/null || true
		sleep 0.5
	done
	# Mounts under the cluster's directories (container roots, pod volumes),
	# deepest first, and the pods' network namespaces containerd made.
	local m
	awk -v d="$data/" -v r="$run/" 'index($5, d) == 1 || index($5, r) == 1 {print $5}' /proc/self/mountinfo | sort -r | while read -r m; do
		umount -l "$m" 2>/dev/null || true
	done
	if [[ -f $data/before.netns ]]; then
		ip netns list | awk '{print $1}' | sort | comm -13 "$data/before.netns" - | awk '/^cni-/' | while read -r m; do
			ip netns del "$m" 2>/dev/null || umount -l "/run/netns/$m" 2>/dev/null || true
			rm -f "/run/netns/$m"
		done
	fi
	# The node's namespace: its bridge, veths, iptables rules and the host's
	# routes over the veth go with it.
	if [[ -e /run/netns/$netns ]]; then
		ip netns del "$netns"
		for _ in $(seq 50); do ip link show "$link_host" >/dev/null 2>&1 || break; sleep 0.1; done
	fi
	# The first `ip netns add` on a machine mounts /run/netns over itself (to
	# share the namespaces' mounts); it stays when the last one goes. Unmounted
	# when `up` made it and no namespace is left in it.
	if [[ -f $data/before.mounts ]] && ! grep -qx /run/netns "$data/before.mounts" &&
		[[ -z $(ip netns list) ]] && mountpoint -q /run/netns; then
		umount /run/netns 2>/dev/null || umount -l /run/netns 2>/dev/null || true
	fi
	# The kubelet's pod cgroups, deepest first.
	local cg
	for cg in /sys/fs/cgroup/*/kubepods; do
		[[ -d $cg ]] && find "$cg" -depth -type d -exec rmdir {} + 2>/dev/null || true
	done
	# Paths the runtime writes outside its configured directories, removed when
	# `up` created them: shim sockets, CNI result caches, the kubelet's log links.
	if [[ -f $data/before.paths ]]; then
		for p in /run/containerd /var/lib/cni /var/log/containers /var/log/pods /etc/cni; do
			grep -qx "$p" "$data/before.paths" || rm -rf "$p"
		done
		rm -rf /var/lib/cni/results/"$name"-* 2>/dev/null || true
		find /var/log/containers -lname "$data/*" -delete 2>/dev/null || true
	fi
	local left
	left=$(leftovers || true)
	rm -rf "$run"
	if [[ -n $left ]]; then
		log "left behind:"
		printf '%s\n' "$left" >&2
		rm -rf "$data"
		return 1
	fi
	rm -rf "$data"
	log "down; nothing left behind"
}

kill_pidfile() {
	local f="$run/$1.pid"
	[[ -f $f ]] || return 0
	kill -TERM "$(cat "$f")" 2>/dev/null || true
	for _ in $(seq 20); do kill -0 "$(cat "$f")" 2>/dev/null || break; sleep 0.25; done
	kill -KILL "$(cat "$f")" 2>/dev/null || true
	rm -f "$f"
}

leftovers() { # prints what `up` added that is still on the machine
	[[ -f $data/before.netns ]] || return 0
	local now
	now=$(mktemp -d)
	snapshot "$now/now"
	local k
	for k in netns links mounts iptables routes paths; do
		comm -13 "$data/before.$k" "$now/now.$k" | sed "s/^/$k: /"
	done
	rm -rf "$now"
	local p
	p=$(cluster_pids | sort -u | tr '\n' ' ')
	[[ -z ${p// /} ]] || echo "processes: $p"
	ls -d /sys/fs/cgroup/*/kubepods 2>/dev/null | sed 's/^/cgroups: /' || true
}

cmd=${1:-}
shift || true
case $cmd in
up) up "$@" ;;
down) down ;;
load) need_root; load "$@" ;;
tag) need_root; ctr_ images tag --force "$1" "$2" >&2 ;;
status) status ;;
leftovers) leftovers ;;
*) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
